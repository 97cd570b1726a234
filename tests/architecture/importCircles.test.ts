import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from '@babel/parser';
import { expect, test } from 'vitest';

// No module may import itself through others: a circle makes the evaluation order decide whether
// an import is still `undefined`, and ties two modules that should be changed apart. Type-only
// imports count too: they tie the files together for a reader just the same. The imports are read
// by Babel's parser, so `import type`, re-exports and `import()` are all seen without a regular
// expression over source text.

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
function specifiersOf(file: string, text: string): string[] {
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
async function importGraph(): Promise<Map<string, string[]>> {
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

/** Strongly connected components of more than one module (or a module importing itself): Tarjan. */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return found;
}

test('the circle finder finds a circle of three and a module importing itself, and nothing in a chain', () => {
  const graph = new Map([
    ['a.ts', ['b.ts']],
    ['b.ts', ['c.ts']],
    ['c.ts', ['a.ts', 'd.ts']],
    ['d.ts', ['e.ts']],
    ['e.ts', []],
    ['self.ts', ['self.ts']],
  ]);
  expect(circles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['self.ts']]);
});

test('the import reader sees type-only imports, re-exports, import() and import types', () => {
  const text = [
    "import type { A } from './a.ts';",
    "import { type B } from './b.ts';",
    "export { C } from './c.ts';",
    "export * from './d.ts';",
    "const e = () => import('./e.tsx');",
    "let f: import('./f.ts').F;",
    "import x from 'react';",
  ].join('\n');
  expect(specifiersOf('x.ts', text)).toEqual(['./a.ts', './b.ts', './c.ts', './d.ts', './e.tsx', './f.ts', 'react']);
});

test('no module of the server, the pages, the browser entry, the build, the scripts or the tests imports itself through others', async () => {
  const graph = await importGraph();
  expect(graph.size).toBeGreaterThan(100);
  expect(circles(graph)).toEqual([]);
});
