import { get } from 'node:http';
import { startAlteredContent } from './alteredContent.ts';

/** The head office's phone in the seed, and what an editor changes it to. */
export const OLD_PHONE = '+7 812 409-35-17';
export const NEW_PHONE = '+7 812 409-99-99';

/**
 * The embedded content service behind the altering proxy (alteredContent.ts), through which a
 * test "publishes" an edit (`publish()`: by default the head office's phone changes everywhere it
 * appears; `edit` names another text and its replacement). Give `url` to the site as CONTENT_API_URL.
 */
export async function startEditableContent(
  edit: readonly [before: string, after: string] = [OLD_PHONE, NEW_PHONE],
): Promise<{ url: string; publish(): void; close(): Promise<void> }> {
  const content = await startAlteredContent();
  return {
    url: content.url,
    publish: () =>
      content.alter((document) => {
        Object.assign(document, JSON.parse(JSON.stringify(document).replaceAll(edit[0], edit[1])));
      }),
    close: () => content.close(),
  };
}

/** GET on a connection of its own (no keep-alive), so a cluster's primary deals each to the next worker. */
export function getOnNewConnection(url: string): Promise<{ status: number; cache: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, cache: res.headers['x-cache'] as string | undefined, body }));
    }).on('error', reject);
  });
}
