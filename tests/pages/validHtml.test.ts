import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { array, create, literal, optional, string, type, union } from 'superstruct';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { pageTypes } from '../support/pageTypes.ts';
import { startServer, type RunningServer } from '../support/startServer.ts';

/**
 * The Nu Html Checker (the W3C's validator, npm `vnu-jar`, run on Debian's Java) over the HTML of
 * every page type, as the production server sends it (decision 040): no error; its warnings are
 * printed, not failed. One JVM checks every page: it takes seconds to start.
 */

const JAVA = process.env.JAVA_PATH ?? '/usr/bin/java';
/** `require('vnu-jar')` is the jar's path (a String object). */
const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));

const VnuMessage = type({
  type: union([literal('error'), literal('info'), literal('non-document-error')]),
  subType: optional(string()),
  url: optional(string()),
  message: string(),
  extract: optional(string()),
});
const VnuReport = type({ messages: array(VnuMessage) });
type VnuMessage = (typeof VnuMessage)['TYPE'];

let server: RunningServer;
let directory: string;
/** The file each page type's HTML was written to, by its path on the site. */
const files = new Map<string, string>();
let messages: VnuMessage[];

beforeAll(async () => {
  server = await startServer();
  directory = await mkdtemp(path.join(tmpdir(), 'vnu-'));
  for (const [index, page] of pageTypes().entries()) {
    const response = await fetch(`${server.url}${page.path}`);
    if (response.status !== page.status) throw new Error(`${page.path} answered ${response.status}, not ${page.status}`);
    const file = path.join(directory, `page-${index}.html`);
    await writeFile(file, await response.text());
    files.set(page.path, file);
  }
  messages = await checkHtml([...files.values()]);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  if (directory) await rm(directory, { recursive: true, force: true });
});

/** Runs vnu once on all the files and returns its messages (it exits 1 when it finds an error). */
function checkHtml(paths: readonly string[]): Promise<VnuMessage[]> {
  return new Promise((resolve, reject) => {
    execFile(JAVA, ['-jar', VNU_JAR, '--format', 'json', '--stdout', ...paths], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout) => {
      try {
        resolve(create(JSON.parse(stdout), VnuReport).messages);
      } catch (parseError) {
        reject(error ?? parseError);
      }
    });
  });
}

/** The site path of the page a message is about. */
function pageOf(message: VnuMessage): string {
  const file = message.url === undefined ? '' : decodeURIComponent(new URL(message.url).pathname);
  return [...files].find(([, written]) => written === file)?.[0] ?? file;
}

const describe = (message: VnuMessage) => `${pageOf(message)}: ${message.message} «${message.extract ?? ''}»`;

test('every page type is valid HTML by the Nu Html Checker: no error', () => {
  expect(files.size).toBe(pageTypes().length);
  const errors = messages.filter((message) => message.type !== 'info').map(describe);
  expect(errors).toEqual([]);
});

test('the checker read every page (its warnings are printed for the reader)', () => {
  const warnings = messages.filter((message) => message.type === 'info' && message.subType === 'warning').map(describe);
  if (warnings.length > 0) console.warn(`Nu Html Checker warnings (${warnings.length}):\n${warnings.join('\n')}`);
  // A page the checker could not read would be a non-document error, counted above; every
  // message names one of the pages written.
  expect(messages.every((message) => files.has(pageOf(message)))).toBe(true);
});
