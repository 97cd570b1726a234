/**
 * `npm run preview-link -- /material/blog/<slug>/`: prints a signed preview link for a site path,
 * valid for ten minutes, with PREVIEW_SECRET and PUBLIC_BASE_URL from the environment (the same
 * values the site runs with). What a CMS's preview button computes (docs/deploy.md); with the
 * seed's draft, a fresh clone shows its preview:
 *   PREVIEW_SECRET=… npm start
 *   PREVIEW_SECRET=… npm run preview-link -- /material/blog/chernovik-kak-my-pishem-tz/
 */
import { ConfigError, loadConfig } from '../server/platform/config/env.ts';
import { sameOriginPath } from '../server/platform/http/sameOriginPath.ts';
import { PREVIEW_PATH } from '../shared/routes/serverMounts.ts';
import { linkToken } from '../server/features/preview/previewSignature.ts';

const LINK_SECONDS = 10 * 60;

try {
  const config = loadConfig();
  const path = sameOriginPath(process.argv[2], config.publicBaseUrl);
  if (config.preview === undefined) throw new ConfigError('PREVIEW_SECRET is not set: the site has no preview');
  if (path === undefined) throw new ConfigError('give a path of the site, e.g. /material/blog/chernovik-kak-my-pishem-tz/');
  const expires = Math.floor(Date.now() / 1000) + LINK_SECONDS;
  const query = new URLSearchParams({ path, expires: String(expires), token: linkToken(config.preview.secret, path, expires) });
  process.stdout.write(`${config.publicBaseUrl}${PREVIEW_PATH}?${query.toString()}\n`);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
