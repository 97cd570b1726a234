import request from 'supertest';
import { expect, test, vi } from 'vitest';
import { hashesIn, sha256Source } from '../support/inlineElements.ts';
import { pageType } from '../support/pageTypes.ts';
import { createTestApp } from '../support/testApp.ts';

const INJECTED_SCRIPT = 'window.injected=1';
const INJECTED_STYLE = 'body{display:none}';

// A CMS text that slipped past the Markdown renderer's escaping as markup.
vi.mock('../../server/platform/content/client/markdown.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../server/platform/content/client/markdown.ts')>();
  return {
    ...original,
    renderMarkdown: (source: string) =>
      `${original.renderMarkdown(source)}<script>${INJECTED_SCRIPT}</script><style>${INJECTED_STYLE}</style>`,
  };
});

test('a script or style that reached the HTML from content is not allowed by the CSP: only what the server wrote is', async () => {
  const { app } = await createTestApp();
  const response = await request(app).get(pageType('an article').path);
  expect(response.status).toBe(200);
  expect(response.text).toContain(`<script>${INJECTED_SCRIPT}</script>`);
  const csp = String(response.headers['content-security-policy']);
  expect(hashesIn(csp, 'script-src').length).toBeGreaterThan(0);
  expect(hashesIn(csp, 'script-src')).not.toContain(sha256Source(INJECTED_SCRIPT));
  expect(hashesIn(csp, 'style-src-elem')).not.toContain(sha256Source(INJECTED_STYLE));
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
});
