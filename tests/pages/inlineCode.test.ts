import request from 'supertest';
import { followResult, postWithoutJavaScript } from '../forms/fixtures.ts';
import { expect, test } from 'vitest';
import { hashesIn, inlineElementsOf, sha256Source } from '../support/inlineElements.ts';
import { pageTypes } from '../support/pageTypes.ts';
import { createTestApp } from '../support/testApp.ts';

/** Emotion's empty sheet in the browser, which every page's policy allows (securityHeaders.ts). */
const EMPTY_STYLE = sha256Source('');

const documents = [
  ...pageTypes().map(({ name, path, status }) => ({ name, status, send: (app: App) => request(app).get(path) })),
  { name: 'a server-made error page', status: 400, send: (app: App) => request(app).get('/%E0%A4%A/') },
  {
    name: 'the page a form posted without JavaScript returns to',
    status: 200,
    send: async (app: App) => followResult(app, await postWithoutJavaScript(app, 'subscribe').send({ email: 'нет' })),
  },
  {
    name: 'a form answer without JavaScript that is not a page of the site',
    status: 415,
    send: (app: App) => request(app).post('/api/forms/subscribe').set('Accept', 'text/html').type('text/plain').send('нет'),
  },
];
type App = Awaited<ReturnType<typeof createTestApp>>['app'];

test.each(documents)('$name: the CSP allows exactly the inline scripts and styles in the document', async ({ send, status }) => {
  const { app } = await createTestApp();
  const response = await send(app);
  expect(response.status).toBe(status);
  const csp = String(response.headers['content-security-policy']);
  const inline = inlineElementsOf(response.text);
  expect(inline.styles.length).toBeGreaterThan(0);
  expect(hashesIn(csp, 'script-src').sort()).toEqual([...new Set(inline.scripts.map(sha256Source))].sort());
  expect(
    hashesIn(csp, 'style-src-elem')
      .filter((hash) => hash !== EMPTY_STYLE)
      .sort(),
  ).toEqual([...new Set(inline.styles.map(sha256Source))].sort());
});
