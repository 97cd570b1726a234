import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { decodedOr400, ImageError } from './imageError.ts';

const BAD_ADDRESS = 'Недопустимый адрес изображения';
const NOT_FOUND = 'Изображение не найдено';
const decodeSegment = (segment: string) => decodedOr400(segment, BAD_ADDRESS);

export type ImageSource =
  | { readonly kind: 'file'; readonly file: string; readonly id: string; readonly version: string; readonly size: number }
  | { readonly kind: 'remote'; readonly url: URL; readonly id: string; readonly version: string };

/** A file in `public/` or an http(s) URL on IMAGE_DOMAINS (§7), refused before any access when unsafe (decision 044). */
export async function resolveSource(rawSource: string, options: { publicDir: string; domains: readonly string[] }): Promise<ImageSource> {
  if (rawSource === '' || rawSource === '/') throw new ImageError(400, 'Не указано изображение');
  if (/^https?:\/\/(?!\/)/i.test(rawSource)) return resolveRemote(rawSource, options.domains);
  if (/^[a-z][a-z0-9+.-]*:/i.test(rawSource)) throw new ImageError(400, BAD_ADDRESS);
  return resolveFile(rawSource, options.publicDir);
}

async function resolveFile(rawSource: string, publicDir: string): Promise<ImageSource> {
  const segments = rawSource.split('/').map(decodeSegment);
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..' || /[\\/\0:]/.test(segment)) {
      throw new ImageError(400, 'Недопустимый путь изображения');
    }
    if (segment.startsWith('.')) throw new ImageError(404, NOT_FOUND);
  }
  const root = path.resolve(publicDir);
  const candidate = path.resolve(root, ...segments);
  if (!candidate.startsWith(root + path.sep)) throw new ImageError(403, 'Недопустимый путь изображения');

  const [real, realRoot] = await Promise.all([realpath(candidate), realpath(root)]).catch(() =>
    Promise.reject(new ImageError(404, NOT_FOUND)),
  );
  if (!real.startsWith(realRoot + path.sep)) throw new ImageError(403, 'Недопустимый путь изображения');
  const info = await stat(real).catch(() => undefined);
  if (!info?.isFile()) throw new ImageError(404, NOT_FOUND);
  const id = `/${segments.join('/')}`;
  return { kind: 'file', file: real, id, version: `file:${id}:${info.size}:${info.mtimeMs}`, size: info.size };
}

function resolveRemote(rawSource: string, domains: readonly string[]): ImageSource {
  const url = URL.parse(decodeSegment(rawSource));
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username !== '' || url.password !== '') {
    throw new ImageError(400, BAD_ADDRESS);
  }
  url.hash = '';
  if (!isAllowedHost(url, domains)) throw new ImageError(403, 'Источник изображения не разрешён');
  return { kind: 'remote', url, id: url.href, version: `remote:${url.href}` };
}

/** Exact host match (with the port when the allow-list entry names one); no wildcards, no suffixes. */
function isAllowedHost(url: URL, domains: readonly string[]): boolean {
  const host = url.host.toLowerCase();
  const hostname = url.hostname.toLowerCase();
  return domains.some((entry) => {
    const allowed = entry.toLowerCase();
    return allowed.includes(':') ? allowed === host : allowed === hostname && url.port === '';
  });
}
