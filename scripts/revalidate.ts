/**
 * `npm run revalidate -- articles kak-vybrat-cms`: sends the publish event of one record to
 * POST /api/revalidate, signed as a CMS's webhook is (docs/deploy.md), with REVALIDATE_SECRET and
 * PUBLIC_BASE_URL from the environment (the same values the site runs with); `-- '{"tags":["services"]}'`
 * sends that body instead. Prints the answer; exits 1 unless it is 202.
 */
import { ConfigError, loadConfig } from '../server/platform/config/env.ts';
import { SIGNATURE_HEADER, signRevalidation } from '../server/features/revalidation/signature.ts';
import { REVALIDATE_PATH } from '../shared/routes/serverMounts.ts';

try {
  const config = loadConfig();
  if (config.revalidateSecret === undefined) throw new ConfigError('REVALIDATE_SECRET is not set: the site has no revalidation');
  const [first, id] = process.argv.slice(2);
  if (first === undefined) throw new ConfigError('give a type and an id (articles kak-vybrat-cms) or a JSON body');
  const body = id === undefined ? first : JSON.stringify({ data: { type: first, id } });
  const response = await fetch(`${config.publicBaseUrl}${REVALIDATE_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signRevalidation(body, config.revalidateSecret) },
    body,
    signal: AbortSignal.timeout(30_000),
  });
  process.stdout.write(`${response.status} ${await response.text()}\n`);
  if (response.status !== 202) process.exitCode = 1;
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
