import { parse } from '@babel/parser';

interface AstNode {
  readonly type: string;
  readonly start?: number | null;
  readonly end?: number | null;
  readonly name?: unknown;
  readonly declaration?: AstNode | null;
  readonly specifiers?: readonly AstNode[];
  readonly id?: AstNode | null;
  readonly declarations?: readonly AstNode[];
  readonly exportKind?: string;
}

const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/** Declarations that leave nothing at run time (erased by esbuild), kept as they are. */
const TYPE_ONLY = new Set(['TSInterfaceDeclaration', 'TSTypeAliasDeclaration', 'TSDeclareFunction']);

/** Every identifier name used anywhere under `node` (JSX names included): an over-approximation of what it refers to. */
function namesUsedIn(node: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const item of node) namesUsedIn(item, names);
    return names;
  }
  if (!isNode(node)) return names;
  if ((node.type === 'Identifier' || node.type === 'JSXIdentifier') && typeof node.name === 'string') names.add(node.name);
  for (const [key, child] of Object.entries(node)) {
    if (key !== 'loc' && typeof child === 'object') namesUsedIn(child, names);
  }
  return names;
}

/** The names a top-level statement declares (a function, class or the variables of a `const`). */
function declaredNames(statement: AstNode): string[] {
  const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
  if (!declaration) return [];
  if (declaration.declarations) {
    return declaration.declarations.flatMap((declarator) => (declarator.id?.type === 'Identifier' ? [String(declarator.id.name)] : []));
  }
  return declaration.id?.type === 'Identifier' ? [String(declaration.id.name)] : [];
}

/**
 * The source of a page module with only `meta` and what it needs at run time: every other
 * top-level declaration (the component, the loader, their helpers, module-level lazy parts) is
 * cut out, imports and types stay. esbuild then drops the imports nothing uses any more (the
 * browser build elides unused imports as TypeScript does, `esbuild.config.ts`).
 *
 * Why the source and not esbuild's tree shaking: esbuild drops an unused function, but it still
 * counts the imports of the file it was in when it decides which files a chunk needs, so every
 * module the page's component imports became part of the page's first load although only `meta`
 * runs there (build/clientPageModules.ts). Names are matched as text, so a name used by a kept
 * declaration keeps its declaration even if it was a different binding: more is kept, never less.
 */
export function metaOnlySource(source: string, file: string): string {
  const ast = parse(source, { sourceType: 'module', plugins: file.endsWith('.tsx') ? ['typescript', 'jsx'] : ['typescript'] });
  const statements = ast.program.body as unknown as AstNode[];
  const runtime = statements.filter(
    (statement) =>
      statement.type !== 'ImportDeclaration' &&
      !TYPE_ONLY.has(statement.declaration?.type ?? statement.type) &&
      statement.exportKind !== 'type',
  );
  const byName = new Map<string, AstNode>();
  for (const statement of runtime) for (const name of declaredNames(statement)) byName.set(name, statement);
  const start = byName.get('meta');
  if (start === undefined) throw new Error(`${file}: no top-level \`meta\` to keep`);

  const kept = new Set<AstNode>();
  const pending = [start];
  for (let statement = pending.pop(); statement !== undefined; statement = pending.pop()) {
    if (kept.has(statement)) continue;
    kept.add(statement);
    for (const name of namesUsedIn(statement)) {
      const declaration = byName.get(name);
      if (declaration !== undefined && !kept.has(declaration)) pending.push(declaration);
    }
  }

  let result = '';
  let from = 0;
  for (const statement of runtime) {
    if (kept.has(statement)) continue;
    result += source.slice(from, statement.start ?? 0);
    from = statement.end ?? 0;
  }
  return result + source.slice(from);
}
