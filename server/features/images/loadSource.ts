import { readFile } from 'node:fs/promises';
import { ClientLeft, ImageError } from './imageError.ts';
import type { ImageLimits } from '../../platform/config/imageLimits.ts';
import type { ImageSource } from './sources.ts';

const TOO_BIG = 'Изображение слишком большое';

/** The source's bytes, at most `maxSourceBytes`; redirects never followed (SSRF, decision 044); a client leaving cancels the read. */
export async function loadSource(source: ImageSource, limits: ImageLimits, signal?: AbortSignal): Promise<Buffer> {
  try {
    if (source.kind === 'remote') return await fetchSource(source.url, limits, signal);
    if (source.size > limits.maxSourceBytes) throw new ImageError(413, TOO_BIG);
    return await readFile(source.file, { signal });
  } catch (error) {
    if (signal?.aborted === true) throw new ClientLeft();
    throw error;
  }
}

async function fetchSource(url: URL, limits: ImageLimits, signal: AbortSignal | undefined): Promise<Buffer> {
  const timeout = AbortSignal.timeout(limits.fetchTimeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      redirect: 'manual',
      signal: signal === undefined ? timeout : AbortSignal.any([timeout, signal]),
      headers: { Accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8' },
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') throw new ImageError(504, 'Источник изображения не ответил вовремя');
    throw new ImageError(502, 'Источник изображения недоступен');
  }
  const refusal = refusalOf(response, limits.maxSourceBytes);
  if (refusal !== undefined) {
    await response.body?.cancel();
    throw refusal;
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  // Leaving the loop early cancels the stream.
  for await (const chunk of response.body ?? []) {
    total += chunk.byteLength;
    if (total > limits.maxSourceBytes) throw new ImageError(413, TOO_BIG);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Why a remote source's answer is refused before its body is read: a redirect, an error, a declared size too big. */
function refusalOf(response: Response, maxBytes: number): ImageError | undefined {
  if (response.status >= 300 && response.status < 400) {
    return new ImageError(403, 'Источник изображения перенаправляет запрос: перенаправления не выполняются');
  }
  if (response.status === 404) return new ImageError(404, 'Изображение не найдено');
  if (!response.ok) return new ImageError(502, 'Источник изображения ответил ошибкой');
  const declared = Number(response.headers.get('content-length'));
  return Number.isFinite(declared) && declared > maxBytes ? new ImageError(413, TOO_BIG) : undefined;
}
