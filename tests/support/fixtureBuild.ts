import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

/** A scratch project: files by path relative to its root, written to a new temporary folder. */
export async function fixtureProject(files: Readonly<Record<string, string>>): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'build-fixture-'));
  for (const [file, contents] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), contents);
  }
  return root;
}

export interface FixtureBuild {
  readonly root: string;
  readonly metafile: esbuild.Metafile;
  /** Every JavaScript output, by its path relative to the root, with its text. */
  readonly outputs: ReadonlyMap<string, string>;
  /** The output esbuild made for an (explicit or implicit) entry point, by its path relative to the root. */
  outputOf(entryPoint: string): string;
  /** Runs an output in this process, as the browser would import it. */
  importOutput<Module>(output: string): Promise<Module>;
}

/**
 * Bundles `entry` of a fixture project as the site's browser build does (ESM, code splitting,
 * unminified so the tests can look for their marks), with the plugins under test, and writes the
 * outputs to `out/` in the project.
 */
export async function buildFixture(root: string, entry: string, plugins: esbuild.Plugin[]): Promise<FixtureBuild> {
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [entry],
    outdir: path.join(root, 'out'),
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    splitting: true,
    metafile: true,
    logLevel: 'silent',
    plugins,
  });
  const outputs = new Map<string, string>();
  for (const file of Object.keys(result.metafile.outputs).filter((name) => name.endsWith('.js'))) {
    outputs.set(file, await readFile(path.join(root, file), 'utf8'));
  }
  return {
    root,
    metafile: result.metafile,
    outputs,
    outputOf(entryPoint) {
      const found = Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint === entryPoint);
      if (found === undefined) throw new Error(`No output for ${entryPoint}`);
      return found[0];
    },
    importOutput: async <Module>(output: string) => (await import(pathToFileURL(path.join(root, output)).href)) as Module,
  };
}
