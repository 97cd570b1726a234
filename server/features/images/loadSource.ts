import { readFile } from 'node:fs/promises';
import { ClientLeft, ImageError } from './imageError.ts';
import type { ImageLimits } from '../../platform/config/imageLimits.ts';
import type { ImageSource } from './sources.ts';

/**
 * The source's bytes, never more than `maxSourceBytes`. Remote sources are fetched without
 * following redirects: an allowed host answering with a redirect could otherwise point the server
 * at any address, the loopback and the cloud metadata service included (SSRF).
 */
export async function loadSource(source: ImageSource, limits: ImageLimits, signal?: AbortSignal): Promise<Buffer> {
  if (source.kind === 'file') {
    if (source.size > limits.maxSourceBytes) throw new ImageError(413, 'Изображение слишком большое');
    try {
      return await readFile(source.file, { signal });
    } catch (error) {
      if (signal?.aborted === true) throw new ClientLeft();
      throw error;
    }
  }
  let response: Response;
  const timeout = AbortSignal.timeout(limits.fetchTimeoutMs);
  try {
    response = await fetch(source.url, {
      redirect: 'manual',
      // Given up when the source is too slow, or when nobody waits for the image any more.
      signal: signal === undefined ? timeout : AbortSignal.any([timeout, signal]),
      headers: { Accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8' },
    });
  } catch (error) {
    if (signal?.aborted === true) throw new ClientLeft();
    if (error instanceof Error && error.name === 'TimeoutError') throw new ImageError(504, 'Источник изображения не ответил вовремя');
    throw new ImageError(502, 'Источник изображения недоступен');
  }
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    throw new ImageError(403, 'Источник изображения перенаправляет запрос: перенаправления не выполняются');
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new ImageError(
      response.status === 404 ? 404 : 502,
      response.status === 404 ? 'Изображение не найдено' : 'Источник изображения ответил ошибкой',
    );
  }
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limits.maxSourceBytes) {
    await response.body?.cancel();
    throw new ImageError(413, 'Изображение слишком большое');
  }
  try {
    return await readCapped(response, limits.maxSourceBytes);
  } catch (error) {
    if (signal?.aborted === true) throw new ClientLeft();
    throw error;
  }
}

async function readCapped(response: Response, maxBytes: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new ImageError(413, 'Изображение слишком большое');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
