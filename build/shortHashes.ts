import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Metafile, OutputFile } from 'esbuild';
import { SHORT_HASH_LENGTH } from './manifest.ts';

/**
 * §9 "Short content hash length 10 characters": esbuild's `[hash]` is always 8, so the browser
 * build is renamed here before it reaches the disk, `chunk-2JAXOREM.js` to `chunk-<10 hex digits
 * of its content's SHA-256>.js`. That content names the other files by esbuild's hashes, which
 * cover their imports in turn, so a change anywhere below a file still changes its name. Every
 * reference follows: imports between chunks, `sourceMappingURL` and licence comments, the `.map`
 * and `.LEGAL.txt` siblings, and the metafile the manifest is made from.
 */

/** A file esbuild named `<name>-<hash>.js|css`; its `.map` and `.LEGAL.txt` follow its name. */
const ESBUILD_NAMED = /^(\w+)-([A-Z0-9]{8})\.(js|css)$/;

const TEXT = /\.(?:js|css|map|txt)$/;

/** The files renamed and rewritten, and `renamed`: old absolute path → new, for every file renamed. */
export function shortenHashes(outputs: readonly Pick<OutputFile, 'path' | 'contents'>[]) {
  // Old stem (`chunk-2JAXOREM`) → new stem (`chunk-3f9a0c1b2d`).
  const stems = new Map<string, string>();
  for (const output of outputs) {
    const match = ESBUILD_NAMED.exec(path.basename(output.path));
    if (match === null) continue;
    const digest = createHash('sha256').update(output.contents).digest('hex').slice(0, SHORT_HASH_LENGTH);
    stems.set(`${match[1]}-${match[2]}`, `${match[1]}-${digest}`);
  }
  if (stems.size === 0)
    return { files: outputs.map(({ path: file, contents }) => ({ path: file, contents })), renamed: new Map<string, string>() };
  // Stems are word characters and one dash: nothing to escape. The group is never empty (stems
  // has entries here), which the linter cannot see through the template.
  // eslint-disable-next-line regexp/no-empty-group
  const anyStem = new RegExp(`\\b(?:${[...stems.keys()].join('|')})\\b`, 'g');
  const renameText = (text: string) => text.replace(anyStem, (stem) => stems.get(stem) ?? stem);

  const renamed = new Map<string, string>();
  const files = outputs.map((output) => {
    const base = path.basename(output.path);
    const newBase = renameText(base);
    const newPath = newBase === base ? output.path : path.join(path.dirname(output.path), newBase);
    if (newPath !== output.path) renamed.set(output.path, newPath);
    const contents = TEXT.test(base) ? new TextEncoder().encode(renameText(new TextDecoder().decode(output.contents))) : output.contents;
    return { path: newPath, contents };
  });
  return { files, renamed };
}

/** The metafile with its output paths (relative to `root`) and their imports renamed. */
export function renameMetafile(metafile: Metafile, renamed: ReadonlyMap<string, string>, root: string): Metafile {
  const byRelative = new Map(
    [...renamed].map(([from, to]) => [
      path.relative(root, from).split(path.sep).join('/'),
      path.relative(root, to).split(path.sep).join('/'),
    ]),
  );
  const rename = (file: string) => byRelative.get(file) ?? file;
  const outputs: Metafile['outputs'] = {};
  for (const [file, output] of Object.entries(metafile.outputs)) {
    outputs[rename(file)] = { ...output, imports: output.imports.map((imported) => ({ ...imported, path: rename(imported.path) })) };
  }
  return { ...metafile, outputs };
}
