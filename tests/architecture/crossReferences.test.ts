import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from '@babel/parser';
import { expect, test } from 'vitest';

// A reader follows a path or a decision number named in a doc or a comment; one that leads
// nowhere (a file moved, a record renumbered, a section rewritten) sends them looking for
// something that is not there. Every repository path, every decision number and every quoted
// section of a doc (`docs/deploy.md, "Metrics"`) that the docs and the code's comments name
// must exist. Comments are read by Babel's parser, so a `//` inside a string or a regular
// expression is never taken for one.

const root = path.resolve(import.meta.dirname, '../..');
const CODE_FOLDERS = ['server', 'shared', 'client', 'build', 'scripts', 'tests'];
const CODE = /\.(?:tsx?|sh)$/;

/**
 * A path into one of the repository's folders: not the tail of a longer path (`dist/server/…`,
 * `../shared/…`) and not a URL's path.
 */
const REPOSITORY_PATH = /(?<![\w./-])(?:build|client|docs|public|scripts|server|shared|tests)\/[\w./-]*/g;
/** After these a path is a pattern (`shared/pages/<page>/view.tsx`, `server/*.ts`), not a file. */
const PATTERN_MARKS = new Set(['<', '{', '*', '[', '$', '…']);
/** The last segment names a file (it has an extension) or the path ends at a folder. */
const NAMES_A_FILE_OR_FOLDER = /(?:\.\w+|\/)$/;
/** A quoted section after a doc's path: `docs/deploy.md, "Metrics"`. */
const QUOTED_SECTION = /,?\s"([^"\n]+)"/y;
const DECISION = /\bdecisions?\s+(\d{3})\b/gi;
/** More numbers after the first: "decisions 010 and 018", "decisions 010, 014 or 018". */
const NEXT_DECISION = /(?:,\s*|\s+(?:and|or)\s+)(\d{3})\b/y;
const DECISION_PATH = /(?<![\w./-])docs\/decisions\/(\d{3})/g;

type Reference =
  | { readonly kind: 'path'; readonly path: string }
  | { readonly kind: 'section'; readonly path: string; readonly heading: string }
  | { readonly kind: 'decision'; readonly number: string };

interface Found {
  readonly reference: Reference;
  /** Offset of the reference in the text it was found in. */
  readonly index: number;
}

/** The repository paths and decision numbers a piece of prose names. */
function referencesIn(text: string): Found[] {
  const found: Found[] = [];
  for (const match of text.matchAll(REPOSITORY_PATH)) {
    const following = text.charAt(match.index + match[0].length);
    if (PATTERN_MARKS.has(following)) continue;
    const named = trimEnd(match[0], '.');
    if (!NAMES_A_FILE_OR_FOLDER.test(named)) continue;
    found.push({ reference: { kind: 'path', path: named }, index: match.index });
    QUOTED_SECTION.lastIndex = match.index + match[0].length;
    const section = named.endsWith('.md') ? QUOTED_SECTION.exec(text) : null;
    if (section !== null) found.push({ reference: { kind: 'section', path: named, heading: section[1] ?? '' }, index: match.index });
  }
  for (const match of text.matchAll(DECISION)) {
    found.push({ reference: { kind: 'decision', number: match[1] ?? '' }, index: match.index });
    NEXT_DECISION.lastIndex = match.index + match[0].length;
    for (let next = NEXT_DECISION.exec(text); next !== null; next = NEXT_DECISION.exec(text))
      found.push({ reference: { kind: 'decision', number: next[1] ?? '' }, index: next.index });
  }
  for (const match of text.matchAll(DECISION_PATH))
    found.push({ reference: { kind: 'decision', number: match[1] ?? '' }, index: match.index });
  return found;
}

function trimEnd(text: string, character: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === character) end -= 1;
  return text.slice(0, end);
}

/** The comments of a source file, each with its offset in the file. */
function commentsOf(file: string, text: string): { readonly text: string; readonly offset: number }[] {
  if (file.endsWith('.sh')) {
    let offset = 0;
    return text.split('\n').flatMap((line) => {
      const start = offset;
      offset += line.length + 1;
      const hash = line.indexOf('#');
      return hash !== -1 && line.slice(0, hash).trim() === '' ? [{ text: line.slice(hash), offset: start + hash }] : [];
    });
  }
  const ast = parse(text, { sourceType: 'module', plugins: file.endsWith('.tsx') ? ['typescript', 'jsx'] : ['typescript'] });
  return (ast.comments ?? []).map((comment) => ({ text: comment.value, offset: (comment.start ?? 0) + 2 }));
}

function filesIn(folder: string, name: RegExp, recursive: boolean): string[] {
  const entries = readdirSync(path.join(root, folder), { recursive, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && name.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

const decisionNumbers = new Set(filesIn('docs/decisions', /^\d{3}-.*\.md$/, false).map((file) => path.basename(file).slice(0, 3)));

/** Whether a heading of the doc holds the quoted words. */
function hasSection(doc: string, heading: string): boolean {
  const file = path.join(root, doc);
  return (
    existsSync(file) &&
    readFileSync(file, 'utf8')
      .split('\n')
      .some((line) => line.startsWith('#') && line.includes(heading))
  );
}

function exists(reference: Reference): boolean {
  if (reference.kind === 'path') return existsSync(path.join(root, reference.path));
  if (reference.kind === 'section') return hasSection(reference.path, reference.heading);
  return decisionNumbers.has(reference.number);
}

function describe(reference: Reference): string {
  if (reference.kind === 'path') return reference.path;
  if (reference.kind === 'section') return `${reference.path}, "${reference.heading}"`;
  return `decision ${reference.number}`;
}

/** Every reference of the docs and the code's comments, as `file:line: reference`, and whether it exists. */
function allReferences(): { readonly where: string; readonly exists: boolean }[] {
  const docs = ['README.md', ...filesIn('docs', /\.md$/, false), ...filesIn('docs/decisions', /\.md$/, false)];
  const pieces = [
    ...docs.map((file) => ({ file, pieces: [{ text: readFileSync(path.join(root, file), 'utf8'), offset: 0 }] })),
    ...CODE_FOLDERS.flatMap((folder) => filesIn(folder, CODE, true)).map((file) => ({
      file,
      pieces: commentsOf(file, readFileSync(path.join(root, file), 'utf8')),
    })),
  ];
  return pieces.flatMap(({ file, pieces: texts }) => {
    const whole = file.endsWith('.md') ? undefined : readFileSync(path.join(root, file), 'utf8');
    return texts.flatMap((piece) =>
      referencesIn(piece.text).map(({ reference, index }) => ({
        where: `${file}:${lineAt(whole ?? piece.text, piece.offset + index)}: ${describe(reference)}`,
        exists: exists(reference),
      })),
    );
  });
}

test('paths, quoted sections and decision numbers are found in prose, a sentence’s full stop left out', () => {
  const found = referencesIn(
    'See server/features/pages/pageCache/pageCache.ts. Decisions 010 and 018, decision 014 (docs/decisions/012-x.md) and docs/deploy.md, "Metrics".',
  );
  expect(found.map(({ reference }) => describe(reference))).toEqual([
    'server/features/pages/pageCache/pageCache.ts',
    'docs/decisions/012-x.md',
    'docs/deploy.md',
    'docs/deploy.md, "Metrics"',
    'decision 010',
    'decision 018',
    'decision 014',
    'decision 012',
  ]);
});

test('patterns, placeholders, other folders and URLs are not references to check', () => {
  const text =
    'shared/pages/<page>/view.tsx, server/*.ts, public/${name}, dist/server/index.js, ../shared/STYLE.md, /api/content/, a client/server split';
  expect(referencesIn(text)).toEqual([]);
  expect(referencesIn('docs/decisions/018-…').map(({ reference }) => describe(reference))).toEqual(['decision 018']);
});

test('every repository path and decision number named in the docs and in code comments exists', () => {
  const references = allReferences();
  // The scan reads what it should: the docs alone name well over a hundred files.
  expect(references.length).toBeGreaterThan(300);
  expect(references.filter((reference) => !reference.exists).map((reference) => reference.where)).toEqual([]);
});
