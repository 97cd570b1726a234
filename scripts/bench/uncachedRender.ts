import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import * as esbuild from 'esbuild';
import { productionAliases } from '../../build/productionAliases.ts';
import { ROOT_DIR } from '../../server/platform/paths.ts';

const run = promisify(execFile);

export interface RenderComparison {
  readonly path: string;
  readonly status: number;
  /** Median of one uncached request through the whole app, ms. */
  readonly siteMs: number;
  /** Median of React's `renderToPipeableStream` of the same tree with the same data, ms. */
  readonly reactMs: number;
  readonly ratio: number;
}

/**
 * Builds `renderCompare.tsx` with the server bundle's options (JSX through Emotion,
 * react-router's production build) and runs it in a process of its
 * own: the uncached render of each path against React's own render of the same tree.
 */
export async function compareUncachedRenders(paths: readonly string[]): Promise<RenderComparison[]> {
  const outfile = path.join(ROOT_DIR, 'dist', 'bench', 'renderCompare.js');
  await esbuild.build({
    absWorkingDir: ROOT_DIR,
    entryPoints: [path.join(ROOT_DIR, 'scripts', 'bench', 'renderCompare.tsx')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    packages: 'external',
    jsx: 'automatic',
    jsxImportSource: '@emotion/react',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    alias: productionAliases(),
    logLevel: 'warning',
  });
  const { stdout } = await run(process.execPath, [outfile, paths.join(',')], {
    cwd: ROOT_DIR,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', LOG_LEVEL: 'silent', BENCH_RENDERS: process.env.BENCH_RENDERS ?? '200' },
    maxBuffer: 1024 * 1024,
    timeout: 600_000,
  });
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as RenderComparison);
}
