import { expect, test } from 'vitest';
import { importGraph, specifiersOf } from '../support/importGraph.ts';

// No module may import itself through others: a circle makes the evaluation order decide whether
// an import is still `undefined`, and ties two modules that should be changed apart. Type-only
// imports count too: they tie the files together for a reader just the same (`importGraph.ts`
// in tests/support/ reads them).

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
