import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { setAttribute, startAlteredContent } from '../../../../tests/support/alteredContent.ts';
import { ContentClient } from './contentClient.ts';
import { ContentValidationError } from './errors.ts';
import type { ValidationFailure } from './forgivingValidation.ts';

// Decision 021: one bad field never takes a page down. The client reads the embedded service's
// real documents from an external service on 127.0.0.1 that changes one of them as a careless
// editor would.

let content: Awaited<ReturnType<typeof startAlteredContent>>;
beforeAll(async () => {
  content = await startAlteredContent();
});
afterAll(() => content.close());
beforeEach(() => content.alter(() => undefined));

function client() {
  const warnings: { details: Record<string, unknown>; message: string }[] = [];
  const failures: ValidationFailure[] = [];
  const contentClient = new ContentClient({
    baseUrl: content.url,
    timeoutMs: 2000,
    cacheTtlMs: 60_000,
    logger: { warn: (details, message) => warnings.push({ details: details as Record<string, unknown>, message }) },
    onValidationFailure: (failure) => failures.push(failure),
  });
  return { contentClient, warnings, failures };
}

const validationWarnings = (warnings: readonly { details: Record<string, unknown>; message: string }[]) =>
  warnings.filter((warning) => warning.message === 'content validation failed').map((warning) => warning.details);

test('an office with empty opening hours is shown without them, and the failure is named once without its value', async () => {
  content.alter(setAttribute('contacts', (office) => office.attributes?.['isHeadOffice'] === false, 'hours', ''));
  const { contentClient, warnings, failures } = client();
  const agency = await contentClient.agency();
  const branch = agency.offices.find((office) => !office.isHeadOffice);
  const head = agency.offices.find((office) => office.isHeadOffice);
  expect(branch).toBeDefined();
  expect(branch).not.toHaveProperty('hours');
  expect(head?.hours).toBe('Пн–Пт, 10:00–19:00');
  expect(failures).toEqual([{ type: 'contacts', id: expect.any(String) as string, field: 'hours', outcome: 'field dropped' }]);
  expect(validationWarnings(warnings)).toEqual([{ ...failures[0], request: expect.stringMatching(/^GET \/agency/) as string }]);
});

test('a malformed link is dropped: a specialization card without one, the agency without that social network', async () => {
  const script = 'javascript:alert(document.cookie)';
  content.alter((document, path) => {
    if (path === '/specializations') setAttribute('specializations', (card) => card.id === 'medicine', 'url', script)(document, path);
    if (path === '/agency') {
      const attributes = (document.data as unknown as { attributes: { social: Record<string, string> } }).attributes;
      attributes.social['vk'] = script;
    }
  });
  const { contentClient, warnings, failures } = client();
  const medicine = (await contentClient.specializations()).find((card) => card.slug === 'medicine');
  expect(medicine?.title).toBe('Медицина');
  expect(medicine?.url).toBeNull();
  const agency = await contentClient.agency();
  expect(agency.social).not.toHaveProperty('vk');
  expect(agency.social.telegram).toBe('https://t.me/verf_digital');
  expect(failures).toEqual([
    { type: 'specializations', id: 'medicine', field: 'url', outcome: 'field dropped' },
    { type: 'agency', id: 'agency', field: 'social.vk', outcome: 'field dropped' },
  ]);
  expect(JSON.stringify(warnings)).not.toContain('javascript:');
});

test('one article of the blog list that fails is left out; the others are listed', async () => {
  const { contentClient: healthy } = client();
  const before = await healthy.articles({ page: 1, pageSize: 12 });
  const broken = before.items[1]!;
  content.alter(setAttribute('articles', (article) => article.id === broken.slug, 'title', ''));
  const { contentClient, warnings, failures } = client();
  const after = await contentClient.articles({ page: 1, pageSize: 12 });
  expect(after.items.map((article) => article.slug)).toEqual(
    before.items.map((article) => article.slug).filter((slug) => slug !== broken.slug),
  );
  expect(failures).toEqual([{ type: 'articles', id: broken.slug, field: 'title', outcome: 'item dropped' }]);
  expect(validationWarnings(warnings)).toHaveLength(1);
});

test('a related record failing inside a page is left out of its list; a list its rules need is not emptied', async () => {
  content.alter((document, path) => {
    setAttribute('article-filters', (tag) => tag.id === 'analitika', 'title', '')(document, path);
    setAttribute('contacts', () => true, 'phone', '8-800')(document, path);
  });
  const { contentClient, failures } = client();
  // Tagged «дизайн» and «аналитика»: shown with «дизайн» only.
  const article = await contentClient.article('chek-list-ux-audita');
  expect(article?.tags.map((tag) => tag.slug)).toEqual(['dizayn']);
  expect(failures).toEqual([{ type: 'article-filters', id: 'analitika', field: 'title', outcome: 'item dropped' }]);
  // §3: the agency has its offices; with every office failing, the agency itself is refused.
  await expect(contentClient.agency()).rejects.toMatchObject({ resource: { type: 'agency', id: 'agency', field: 'offices' } });
  expect(failures.at(-1)).toEqual({ type: 'agency', id: 'agency', field: 'offices', outcome: 'record refused' });
});

test('the page’s own record failing a required field is served from the last good copy', async () => {
  const { contentClient, warnings, failures } = client();
  const good = await contentClient.article('kak-vybrat-cms');
  expect(good?.title).toBeTruthy();
  content.alter(setAttribute('articles', (article) => article.id === 'kak-vybrat-cms', 'date', '14.03.2026'));
  contentClient.expireCache();
  expect(await contentClient.article('kak-vybrat-cms')).toEqual(good);
  expect(failures).toEqual([{ type: 'articles', id: 'kak-vybrat-cms', field: 'date', outcome: 'record refused' }]);
  expect(validationWarnings(warnings)).toHaveLength(1);
  expect(warnings.filter((warning) => warning.message === 'content request failed')).toEqual([]);
  expect(JSON.stringify(warnings)).not.toContain('14.03.2026');
});

test('without a last good copy the refused record is an error naming the resource and the field (the page answers 503)', async () => {
  content.alter(setAttribute('articles', (article) => article.id === 'kak-vybrat-cms', 'date', '14.03.2026'));
  const { contentClient, failures } = client();
  const error = (await contentClient.article('kak-vybrat-cms').catch((failure: unknown) => failure)) as ContentValidationError;
  expect(error).toBeInstanceOf(ContentValidationError);
  expect(error.field).toBe('data.date');
  expect(error.resource).toEqual({ type: 'articles', id: 'kak-vybrat-cms', field: 'date' });
  expect(error.message).not.toContain('14.03.2026');
  expect(failures).toEqual([{ type: 'articles', id: 'kak-vybrat-cms', field: 'date', outcome: 'record refused' }]);
});

test('an article of the blog list that fails after it was shown is listed as it was last valid, and counted so', async () => {
  const { contentClient, failures } = client();
  const before = await contentClient.articles({ page: 1, pageSize: 12 });
  const broken = before.items[1]!;
  content.alter(setAttribute('articles', (article) => article.id === broken.slug, 'title', ''));
  contentClient.expireCache();
  const after = await contentClient.articles({ page: 1, pageSize: 12 });
  expect(after.items).toEqual(before.items);
  expect(failures).toEqual([{ type: 'articles', id: broken.slug, field: 'title', outcome: 'last good copy' }]);
});
