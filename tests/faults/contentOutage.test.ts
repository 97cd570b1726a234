import { expect, test } from 'vitest';
import { startContentApiProcess } from '../support/contentApiProcess.ts';
import { pageTypes } from '../support/pageTypes.ts';
import { startServer } from '../support/startServer.ts';

// Decisions 004 and 005: with the content service deployed apart
// (CONTENT_API_URL) and killed, every page already rendered keeps answering 200 with the same
// words, from the last good content.

/** What a reader sees first: the document title and the page heading. */
function headline(html: string): string {
  const title = html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '';
  const h1 = html.match(/<h1\b[^>]*>([\s\S]*?)<\/h1>/)?.[1]?.replace(/<[^<>]+>/g, '') ?? '';
  return `${title} | ${h1}`;
}

test('pages rendered before the content service died keep answering 200 with the same content', async () => {
  const api = await startContentApiProcess();
  const site = await startServer({ CONTENT_API_URL: api.url, LOG_LEVEL: 'warn' });
  try {
    const pages = pageTypes().filter((page) => page.status === 200);
    const before = new Map<string, string>();
    for (const page of pages) {
      const response = await fetch(`${site.url}${page.path}`, { redirect: 'manual' });
      expect(response.status, `${page.name} ${page.path} with the service up`).toBe(200);
      before.set(page.path, headline(await response.text()));
    }

    await api.kill('SIGKILL');
    await expect(fetch(`${api.url}/article-filters`), 'the content service is really gone').rejects.toThrow();

    for (const page of pages) {
      const response = await fetch(`${site.url}${page.path}`, { redirect: 'manual' });
      expect(response.status, `${page.name} ${page.path} with the service dead`).toBe(200);
      expect(headline(await response.text())).toBe(before.get(page.path));
    }
  } finally {
    await site.stop();
    await api.kill();
  }
}, 120_000);
