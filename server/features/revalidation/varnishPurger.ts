import type { TagPurger } from './purgers.ts';

/** The header docs/varnish/site.vcl compares with its purge secret (decision 034). */
export const PURGE_SECRET_HEADER = 'X-Purge-Secret';

/** The header that carries the tags: a soft purge, so a purged copy is refetched once (grace). */
const TAGS_HEADER = 'xkey-softpurge';

/** Varnish refuses a header line over `http_req_hdr_len` (8 KB): a tag line stays under it with room to spare. */
export const MAX_TAG_LINE_BYTES = 8192 - 512;

export interface VarnishPurgerOptions {
  /** VARNISH_PURGE_SECRET: sent in `X-Purge-Secret`; without it the repository's VCL refuses every purge. */
  readonly secret?: string | undefined;
  readonly timeoutMs?: number;
}

/** A tag that cannot fit in one purge request: an error, not a purge Varnish would answer 400. */
export class TagTooLongError extends Error {
  constructor(tag: string) {
    super(`cache tag of ${Buffer.byteLength(tag)} bytes does not fit in one PURGE (at most ${MAX_TAG_LINE_BYTES}): ${tag.slice(0, 80)}…`);
    this.name = 'TagTooLongError';
  }
}

/** `tags` as space-separated lines of at most `maxBytes`; a longer tag throws before anything is sent. */
export function tagLines(tags: readonly string[], maxBytes = MAX_TAG_LINE_BYTES): string[] {
  const lines: string[] = [];
  let line = '';
  for (const tag of tags) {
    if (Buffer.byteLength(tag) > maxBytes) throw new TagTooLongError(tag);
    const joined = line === '' ? tag : `${line} ${tag}`;
    const fits = Buffer.byteLength(joined) <= maxBytes;
    if (!fits) lines.push(line);
    line = fits ? joined : tag;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** Varnish with xkey (docs/varnish/site.vcl): `PURGE` + `xkey-softpurge` with the secret; no 2xx within `timeoutMs` rejects. */
export function varnishPurger(url: string, options: VarnishPurgerOptions = {}): TagPurger {
  const timeoutMs = options.timeoutMs ?? 5000;
  const credential: Record<string, string> = options.secret === undefined ? {} : { [PURGE_SECRET_HEADER]: options.secret };
  return {
    name: `varnish ${url}`,
    async invalidateTags(tags) {
      for (const line of tagLines(tags)) {
        const response = await fetch(`${url}/`, {
          method: 'PURGE',
          headers: { ...credential, [TAGS_HEADER]: line },
          // A redirect is Varnish (or a proxy) refusing this request, not a place to send the secret.
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
        await response.body?.cancel();
        if (!response.ok) throw new Error(`PURGE answered ${response.status} ${response.statusText}`.trimEnd());
      }
    },
  };
}
