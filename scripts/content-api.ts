/**
 * `npm run content-api`: the embedded JSON:API content service alone, serving the seed files.
 * PORT (default 4000) and HOST (default 127.0.0.1: the service belongs on a private network)
 * come from the environment. Point the site at it with CONTENT_API_URL=http://127.0.0.1:4000.
 */
import { coerce, defaulted, integer, max, min, object, optional, refine, string, validate } from 'superstruct';
import { SeedError } from '../server/platform/content/service/loadSeed.ts';
import { startContentApi } from '../server/platform/content/service/standalone.ts';
import { createLogger } from '../server/platform/logging/logger.ts';

const Env = object({
  PORT: defaulted(coerce(min(max(integer(), 65535), 0), string(), Number), 4000),
  HOST: defaulted(string(), '127.0.0.1'),
  LOG_LEVEL: defaulted(string(), 'info'),
  /** Bearer token of the working copy (unpublished records, the site's preview; decision 021). */
  CONTENT_PREVIEW_TOKEN: optional(refine(string(), 'Secret', (value) => value.length >= 16 || 'at least 16 characters')),
});

// An empty variable counts as unset, as in the site's own environment.
const given = Object.fromEntries(Object.keys(Env.schema).map((name) => [name, process.env[name] || undefined]));
const [invalid, env] = validate(given, Env, { coerce: true });
if (invalid !== undefined) {
  process.stderr.write(`Invalid environment variable ${invalid.key}: ${invalid.message}\n`);
  process.exit(1);
}

const logger = createLogger(env.LOG_LEVEL);
try {
  const api = await startContentApi({ port: env.PORT, host: env.HOST, logger, previewToken: env.CONTENT_PREVIEW_TOKEN });
  logger.info({ url: api.url }, `content service listening on ${api.url}`);
  const stop = (signal: string) => {
    logger.info({ signal }, 'content service stopping');
    void api.close().then(() => process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
} catch (error) {
  if (error instanceof SeedError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
