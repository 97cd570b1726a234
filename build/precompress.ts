import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text assets worth compressing; source maps are fetched by developer tools only. */
const COMPRESSIBLE = /\.(?:js|css|svg|json|txt)$/;

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) next to each compressible asset, so
 * the server sends them as they are (express-static-gzip) instead of compressing every response
 * at the fast, larger levels a live response can afford: about 13 % less JavaScript on the wire
 * than gzip and no CPU per request. Names are content-hashed, so an existing sibling is already
 * right and is kept. Returns the written (or kept) siblings, relative to `assetsDir`, for the
 * build's retention record.
 */
export async function precompressAssets(assetsDir: string, files: readonly string[]): Promise<string[]> {
  const siblings = await Promise.all(
    files
      .filter((file) => COMPRESSIBLE.test(file))
      .map(async (file) => {
        const source = path.join(assetsDir, file);
        const content = await readFile(source);
        return Promise.all([
          writeOnce(`${source}.br`, () =>
            brotliAsync(content, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: 11,
                [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
          ).then(() => `${file}.br`),
          writeOnce(`${source}.gz`, () => gzipAsync(content, { level: 9 })).then(() => `${file}.gz`),
        ]);
      }),
  );
  return siblings.flat();
}

async function writeOnce(target: string, compress: () => Promise<Buffer>): Promise<void> {
  if (existsSync(target)) return;
  // Written then renamed: a server starting mid-build never serves half a file.
  const temporary = `${target}.${process.pid}.tmp`;
  await writeFile(temporary, await compress());
  await rename(temporary, target);
}
