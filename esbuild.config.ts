import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { clientPageModules } from './build/clientPageModules.ts';
import { createManifest } from './build/manifest.ts';
import { precompressAssets } from './build/precompress.ts';
import { productionAliases } from './build/productionAliases.ts';
import { assetFilesOf, retainBuilds } from './build/retention.ts';
import { serverOnlyLoaders } from './build/serverOnlyLoaders.ts';
import { shellChunk } from './build/shellChunk.ts';
import { sideEffectFree } from './build/sideEffectFree.ts';
import { renameMetafile, shortenHashes } from './build/shortHashes.ts';

/**
 * `node esbuild.config.ts [--watch]`: the browser bundle (ESM, code-split per page, minified,
 * content-hashed), the server bundle, and `dist/manifest.json` (build id + chunks per page).
 */
const root = path.dirname(new URL(import.meta.url).pathname);
const dist = path.join(root, 'dist');
const assetsDir = path.join(dist, 'client', 'assets');
const watch = process.argv.includes('--watch');
const production = !watch;

const shared: esbuild.BuildOptions = {
  absWorkingDir: root,
  bundle: true,
  jsx: 'automatic',
  jsxImportSource: '@emotion/react',
  logLevel: 'warning',
  define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
  // react-router's production build in both bundles (its exports map only offers the development
  // one); `npm run dev` keeps the development warnings.
  ...(production ? { alias: productionAliases() } : {}),
};

/**
 * Every lazy chunk imports the browser entry, so all the entry loads (react-dom, react-router,
 * Emotion, the shell) is one chunk, compressed as one (build/shellChunk.ts).
 */
const entry = 'client/entry.tsx';
const entryModule = path.join(root, entry);
/** What a page's chunk renders for the page's body (build/clientPageModules.ts). */
const lazyPartModule = path.join(root, 'shared', 'browser', 'lazyServerRendered.tsx');
const siteDirs = [path.join(root, 'shared'), path.join(root, 'client')];

const clientOptions: esbuild.BuildOptions = {
  ...shared,
  entryPoints: [entry],
  outdir: assetsDir,
  format: 'esm',
  platform: 'browser',
  splitting: true,
  minify: production,
  sourcemap: 'linked',
  target: ['es2022', 'chrome111', 'firefox115', 'safari16.4'],
  entryNames: '[name]-[hash]',
  chunkNames: 'chunk-[hash]',
  // Written by the manifest plugin, once renamed to §9's 10-character hashes (build/shortHashes.ts).
  write: false,
  metafile: true,
  legalComments: 'linked',
  // V8's explicit compile hint (https://v8.dev/blog/explicit-compile-hints; a comment to other
  // engines): compile every function while the file streams in, off the main thread, since nearly
  // all of it runs at once; the entry's evaluation fell from 21–27 to 9–11 ms (docs/decisions/014).
  // In the banner, so that the content hashes, hence the file names, cover it.
  banner: { js: '//# allFunctionsCalledOnLoad' },
  plugins: [
    // First: every dynamic import of the site's own code goes through its proxy, the page bodies
    // (`view.tsx?body`) included.
    shellChunk(entryModule, siteDirs),
    // A page's `view.tsx` is answered with the page's chunk (its `meta.ts` and `view.tsx?body`).
    clientPageModules(entryModule, lazyPartModule),
    // A page's loader never reaches the browser: a value import of one is a build error.
    serverOnlyLoaders(),
    sideEffectFree(['hoist-non-react-statics']),
    {
      name: 'manifest',
      setup(build) {
        build.onEnd(async (result) => {
          if (!result.metafile || !result.outputFiles) return;
          const { files: outputs, renamed } = shortenHashes(result.outputFiles);
          await Promise.all(outputs.map((output) => writeNew(output.path, output.contents)));
          const metafile = renameMetafile(result.metafile, renamed, root);
          const files = assetFilesOf(metafile.outputs, root, assetsDir);
          // Brotli and gzip siblings, before the manifest names the build (build/precompress.ts).
          const compressed = production ? await precompressAssets(assetsDir, files) : [];
          const manifest = createManifest(metafile, assetsDir, '/assets', entry);
          // Written then renamed: a server starting during a build never reads half a manifest.
          const target = path.join(dist, 'manifest.json');
          await writeFile(`${target}.${process.pid}.tmp`, `${JSON.stringify(manifest, null, 2)}\n`);
          await rename(`${target}.${process.pid}.tmp`, target);
          // Keep the last RETAINED_BUILDS builds' assets for open tabs, prune older ones (build/retention.ts).
          await retainBuilds({
            assetsDir,
            recordFile: path.join(dist, 'builds.json'),
            current: { id: manifest.buildId, timestamp: manifest.timestamp, files: [...files, ...compressed] },
          });
        });
      },
    },
  ],
};

/**
 * Writes a content-named file that is not there yet: one that is holds the same bytes, and may
 * be read by a running server at this moment.
 */
async function writeNew(file: string, contents: Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  try {
    await writeFile(file, contents, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

const serverOptions: esbuild.BuildOptions = {
  ...shared,
  // The image encoder is a process of its own (server/features/images/encoderPool.ts), started from its file;
  // the tracing preload is given to node before the server (`--import`, server/platform/telemetry/preload.ts).
  entryPoints: {
    index: 'server/index.ts',
    imageEncoder: 'server/features/images/imageEncoder.ts',
    telemetry: 'server/platform/telemetry/preload.ts',
  },
  outdir: path.join(dist, 'server'),
  format: 'esm',
  platform: 'node',
  target: 'node24',
  // Imported from node_modules at run time, where OpenTelemetry's loader hook can instrument
  // them (http, pg); bundled, they would be out of its reach (decision 028).
  packages: 'external',
  sourcemap: 'linked',
};

// Earlier builds' assets are not deleted here: open tabs of the previous deploy still load their
// chunks; the manifest plugin prunes builds older than the last RETAINED_BUILDS (build/retention.ts).
await mkdir(assetsDir, { recursive: true });

if (watch) {
  const contexts = await Promise.all([esbuild.context(clientOptions), esbuild.context(serverOptions)]);
  await Promise.all(contexts.map((context) => context.watch()));
  console.log('esbuild: watching for changes');
} else {
  await Promise.all([esbuild.build(clientOptions), esbuild.build(serverOptions)]);
}
