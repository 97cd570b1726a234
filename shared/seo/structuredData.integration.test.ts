import request from 'supertest';
import { expect, test } from 'vitest';
import { pageTypes } from '../../tests/support/pageTypes.ts';
import { createTestApp } from '../../tests/support/testApp.ts';

type Node = Record<string, unknown>;

/** Every JSON-LD block of a page, parsed. */
function jsonLdOf(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((match) => JSON.parse(match[1]!) as unknown);
}

/** Every object in a JSON-LD value, nested ones included. */
function objectsIn(value: unknown): Node[] {
  if (Array.isArray(value)) return value.flatMap(objectsIn);
  if (typeof value !== 'object' || value === null) return [];
  return [value as Node, ...Object.values(value).flatMap(objectsIn)];
}

/** A reference says only which node it means (`{"@id": …}`); a definition says what the node is. */
const isReference = (node: Node) => typeof node['@id'] === 'string' && Object.keys(node).length === 1;

test('every JSON-LD @id reference on every page type resolves to a node defined on that page with a name', async () => {
  const { app } = await createTestApp();
  let references = 0;
  for (const page of pageTypes()) {
    const response = await request(app).get(page.path);
    expect(response.status, page.path).toBe(page.status);
    const objects = jsonLdOf(response.text).flatMap(objectsIn);
    const named = new Set(
      objects.filter((node) => !isReference(node) && typeof node.name === 'string' && node.name !== '').map((node) => node['@id']),
    );
    for (const reference of objects.filter(isReference)) {
      references += 1;
      expect({ page: page.name, reference: reference['@id'], resolves: named.has(reference['@id']) }).toEqual({
        page: page.name,
        reference: reference['@id'],
        resolves: true,
      });
    }
    // Every node with an identity that is an organization has its name right there.
    for (const node of objects.filter((each) => each['@type'] === 'Organization'))
      expect({ page: page.name, name: typeof node.name }).toEqual({ page: page.name, name: 'string' });
  }
  // The offices' parent organization is a reference: the walk saw at least those.
  expect(references).toBeGreaterThan(0);
});

test("an article's publisher is the agency, named on the article's own page", async () => {
  const { app, content } = await createTestApp();
  const article = pageTypes().find((page) => page.name === 'an article')!;
  const response = await request(app).get(article.path);
  const node = jsonLdOf(response.text)
    .flatMap(objectsIn)
    .find((each) => each['@type'] === 'Article');
  expect(node?.publisher).toMatchObject({
    '@type': 'Organization',
    '@id': 'https://verf.test/#organization',
    name: (await content.client.agency()).name,
  });
});
