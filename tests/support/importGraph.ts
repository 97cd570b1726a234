import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from '@babel/parser';

// The project's import graph, for the architecture tests. The imports are read by Babel's parser,
// so `import type`, re-exports and `import()` are all seen without a regular expression over
// source text.

const root = path.resolve(import.meta.dirname, '../..');
const FOLDERS = ['server', 'shared', 'client', 'build', 'scripts', 'tests'];
const SOURCE = /\.tsx?$/;

async function sourceFiles(): Promise<string[]> {
  const lists = await Promise.all(
    FOLDERS.map(async (folder) => {
      const entries = await readdir(path.join(root, folder), { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile() && SOURCE.test(entry.name))
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
    }),
  );
  return lists.flat().sort();
}

interface AstNode {
  readonly type: string;
  readonly source?: { readonly value?: unknown } | null;
}

const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/** The nodes whose `source` names a module: imports, re-exports, `import('…')` and `import('…').Type`. */
const NAMES_A_MODULE = new Set(['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration', 'ImportExpression', 'TSImportType']);

/** Every module specifier a file names: static imports and re-exports (type-only too) and `import('…')`. */
export function specifiersOf(file: string, text: string): string[] {
  const ast = parse(text, { sourceType: 'module', plugins: file.endsWith('.tsx') ? ['typescript', 'jsx'] : ['typescript'] });
  const found: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (!isNode(value)) return;
    if (NAMES_A_MODULE.has(value.type) && typeof value.source?.value === 'string') found.push(value.source.value);
    for (const [key, child] of Object.entries(value)) if (key !== 'loc' && typeof child === 'object') visit(child);
  };
  visit(ast.program.body);
  return found;
}

/** The project files each project file imports (packages and node: modules left out). */
export async function importGraph(): Promise<Map<string, string[]>> {
  const files = await sourceFiles();
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = await readFile(path.join(root, file), 'utf8');
    const targets = specifiersOf(file, text)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => path.join(path.dirname(file), specifier))
      .filter((target) => known.has(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}
