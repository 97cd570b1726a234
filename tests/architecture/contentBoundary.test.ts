import { expect, test } from 'vitest';
import { importGraph } from '../support/importGraph.ts';

// The embedded content service stands in for an external JSON:API CMS (decision 004): the site's
// content client must work against any such service, so it reads only the documents, never the
// service's code, and the service knows nothing of the client. What both read is the content
// model, each content type declared once (shared/content/model/). Tests may cross the line: they
// run the client against the service.

const CLIENT = 'server/platform/content/client/';
const SERVICE = 'server/platform/content/service/';
const isTest = (file: string) => file.endsWith('.test.ts');

test('the content client and the content service do not import each other; both import the content model', async () => {
  const graph = await importGraph();
  const crossings = [...graph].flatMap(([file, targets]) =>
    isTest(file)
      ? []
      : targets
          .filter(
            (target) => (file.startsWith(CLIENT) && target.startsWith(SERVICE)) || (file.startsWith(SERVICE) && target.startsWith(CLIENT)),
          )
          .map((target) => `${file} → ${target}`),
  );
  expect(crossings).toEqual([]);
  for (const side of [CLIENT, SERVICE]) {
    const model = [...graph].filter(
      ([file, targets]) => file.startsWith(side) && targets.some((target) => target.startsWith('shared/content/')),
    );
    expect(model.length, side).toBeGreaterThan(0);
  }
});
