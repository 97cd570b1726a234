import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from '@babel/parser';
import { serializeStyles } from '@emotion/serialize';
import type { Plugin } from 'esbuild';

/**
 * Emotion's `css` and `keyframes` templates, finished at build time (docs/decisions/014).
 *
 * Almost every style of the site is a template whose only interpolations are values of the
 * theme (`${colors.navy}`, `${space[4]}`, `${mq.md}`), which never change at runtime. In the
 * browser each such template cost bytes (the CSS as written: indentation, newlines, comments, and
 * the theme objects it reads) and time (Emotion joins and hashes every template when its module is
 * evaluated, in the task that evaluates the entry). This plugin, on both the browser and the server
 * build:
 *
 * 1. puts the theme's values into the template (the theme module is imported here, at build time);
 * 2. removes comments and the whitespace CSS does not need;
 * 3. replaces a `css` template left without interpolations by the object Emotion's `css` would
 *    have returned, `{name, styles}`, computed with Emotion's own serializer: the runtime accepts
 *    a serialized object as it is, so the class names are the ones the runtime would compute for
 *    the same text, on the server and in the browser alike.
 *
 * A template with any other interpolation (another style, a prop, a local value) keeps its call,
 * with the theme's values and the minified text. Object styles (`css({...})`, `css={{...}}`) are
 * left to the runtime.
 */
export function staticStyles(siteDirs: readonly string[], themeModule: string): Plugin {
  return {
    name: 'static-styles',
    setup(build) {
      let theme: Promise<Record<string, unknown>> | undefined;
      build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        if (
          args.namespace !== 'file' ||
          !siteDirs.some((dir) => args.path.startsWith(dir + path.sep)) ||
          args.path.includes(`${path.sep}node_modules${path.sep}`)
        )
          return undefined;
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('@emotion/react')) return undefined;
        theme ??= import(pathToFileURL(themeModule).href) as Promise<Record<string, unknown>>;
        return {
          contents: finishStyles(source, args.path, themeModule, await theme),
          loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts',
          resolveDir: path.dirname(args.path),
        };
      });
    },
  };
}

interface Node {
  readonly type: string;
  readonly start: number;
  readonly end: number;
  readonly [key: string]: unknown;
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** The source with every `css`/`keyframes` template of `@emotion/react` finished (see staticStyles). */
export function finishStyles(source: string, file: string, themeModule: string, theme: Readonly<Record<string, unknown>>): string {
  const program = parse(source, { sourceType: 'module', plugins: file.endsWith('.tsx') ? ['typescript', 'jsx'] : ['typescript'] })
    .program as unknown as Node;
  const body = program.body as Node[];
  const emotionTags = new Map<string, string>();
  const themeNames = new Map<string, unknown>();
  for (const statement of body) {
    if (statement.type !== 'ImportDeclaration' || statement.importKind === 'type') continue;
    const from = (statement.source as Node & { value: string }).value;
    for (const specifier of statement.specifiers as Node[]) {
      if (specifier.type !== 'ImportSpecifier' || specifier.importKind === 'type') continue;
      const imported = (specifier.imported as Node & { name: string }).name;
      const local = (specifier.local as Node & { name: string }).name;
      if (from === '@emotion/react' && (imported === 'css' || imported === 'keyframes')) emotionTags.set(local, imported);
      else if (from.startsWith('.') && path.resolve(path.dirname(file), from) === themeModule && imported in theme)
        themeNames.set(local, theme[imported]);
    }
  }
  if (emotionTags.size === 0) return source;

  const edits: Array<{ start: number; end: number; text: string }> = [];
  visit(program, (node) => {
    if (node.type !== 'TaggedTemplateExpression') return true;
    const tag = node.tag as Node & { name?: string };
    const kind = tag.type === 'Identifier' && tag.name !== undefined ? emotionTags.get(tag.name) : undefined;
    if (kind === undefined) return true;
    const quasi = node.quasi as Node & { quasis: Array<Node & { value: { cooked: string | null } }>; expressions: Node[] };
    if (quasi.quasis.some((part) => part.value.cooked === null || part.value.cooked.includes('//'))) return false;
    // The template as text with the theme's values in it; any other interpolation stays a hole.
    const parts: string[] = [quasi.quasis[0]?.value.cooked ?? ''];
    const holes: Node[] = [];
    quasi.expressions.forEach((expression, index) => {
      const value = themeValue(expression, themeNames);
      const next = quasi.quasis[index + 1]?.value.cooked ?? '';
      if (value === undefined) {
        holes.push(expression);
        parts.push(next);
      } else {
        parts[parts.length - 1] += String(value) + next;
      }
    });
    const texts = minifyCss(parts);
    if (holes.length === 0 && kind === 'css') {
      const { name, styles } = serializeStyles([texts[0] ?? '']);
      edits.push({ start: node.start, end: node.end, text: `{ name: ${JSON.stringify(name)}, styles: ${JSON.stringify(styles)} }` });
    } else {
      const template = texts
        .map(
          (text, index) =>
            escapeTemplate(text) + (index < holes.length ? `\${${source.slice(holes[index]?.start, holes[index]?.end)}}` : ''),
        )
        .join('');
      edits.push({ start: quasi.start, end: quasi.end, text: `\`${template}\`` });
    }
    return false;
  });
  let result = source;
  for (const edit of edits.sort((a, b) => b.start - a.start)) result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return result;
}

/** Visits every node; `enter` returning false skips the node's children. */
function visit(node: Node, enter: (node: Node) => boolean): void {
  if (!enter(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments') continue;
    if (Array.isArray(value))
      for (const item of value) {
        if (isNode(item)) visit(item, enter);
      }
    else if (isNode(value)) visit(value, enter);
  }
}

/**
 * The value of an interpolation made only of the theme's exports and literals: `colors.navy`,
 * `space[4]`, `mq.md`, `minWidth(720)`. Anything else (a local, a prop, another style) is undefined.
 */
function themeValue(expression: Node, themeNames: ReadonlyMap<string, unknown>): string | number | undefined {
  const unknown = Symbol('not a theme value');
  const evaluate = (node: Node): unknown => {
    switch (node.type) {
      case 'Identifier': {
        const name = (node as Node & { name: string }).name;
        return themeNames.has(name) ? themeNames.get(name) : unknown;
      }
      case 'StringLiteral':
      case 'NumericLiteral':
        return (node as Node & { value: unknown }).value;
      case 'MemberExpression': {
        const object = evaluate(node.object as Node);
        const property = node.computed ? evaluate(node.property as Node) : (node.property as Node & { name?: string }).name;
        if (typeof object !== 'object' || object === null || (typeof property !== 'string' && typeof property !== 'number')) return unknown;
        return Object.hasOwn(object, property) ? (object as Record<string, unknown>)[property] : unknown;
      }
      case 'CallExpression': {
        const callee = evaluate(node.callee as Node);
        const args = (node.arguments as Node[]).map(evaluate);
        if (typeof callee !== 'function' || args.includes(unknown)) return unknown;
        return (callee as (...values: unknown[]) => unknown)(...args);
      }
      default:
        return unknown;
    }
  };
  const value = evaluate(expression);
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
}

/**
 * CSS text without comments and without the whitespace it does not need; `parts` are the texts
 * between the interpolations left in the template, minified as one text so no hole is moved or
 * merged with its neighbours. Quoted strings are kept as they are. Conservative: spaces go only
 * around `{`, `}`, `;`, `,` and after `:`, where CSS never needs them (a space before `:` can be a
 * descendant combinator, one around `+` is part of `calc()`).
 */
export function minifyCss(parts: readonly string[]): string[] {
  const HOLE = '\u0000';
  const text = parts.join(HOLE);
  let out = '';
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] ?? '';
    if (char === '"' || char === "'") {
      const close = text.indexOf(char, index + 1);
      const end = close === -1 ? text.length : close + 1;
      out += text.slice(index, end);
      index = end - 1;
    } else if (char === '/' && text[index + 1] === '*') {
      const close = text.indexOf('*/', index + 2);
      // A comment goes with the interpolations inside it, which would shift every later hole onto
      // the wrong text: refuse it at build time rather than emit the wrong CSS.
      if (text.slice(index, close === -1 ? text.length : close).includes(HOLE))
        throw new Error('An interpolation inside a CSS comment of a css/keyframes template: move the comment out of the template');
      index = close === -1 ? text.length : close + 1;
      if (!/\s$/.test(out)) out += ' ';
    } else if (/\s/.test(char)) {
      if (out !== '' && !/\s$/.test(out)) out += ' ';
    } else if ('{};,'.includes(char)) {
      out = out.replace(/ $/, '');
      if (char === '}') out = out.replace(/;$/, '');
      out += char;
      while (/\s/.test(text[index + 1] ?? '')) index += 1;
    } else if (char === ':') {
      out += char;
      while (/\s/.test(text[index + 1] ?? '')) index += 1;
    } else {
      out += char;
    }
  }
  return out.trim().split(HOLE);
}

const escapeTemplate = (text: string) => text.replace(/[`\\]|\$(?=\{)/g, (match) => `\\${match}`);
