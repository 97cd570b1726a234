import { expect, test } from 'vitest';
import { metaOnlySource } from './metaOnlySource.ts';

const PAGE = `import { useLoaderData } from 'react-router';
import { object, string, type Infer } from 'superstruct';
import { Hero } from './Hero.tsx';
import { lazyServerRendered } from '../../app/lazyServerRendered.tsx';
import { href } from '../../routes/links.ts';
import type { PageMeta } from '../../routes/pageModule.ts';

const Cards = lazyServerRendered(() => import('./Cards.tsx').then((module) => module.Cards));
const Words = object({ title: string() });
const TITLE_SUFFIX = ' — Верфь';
export interface Data { readonly title: string }
type Words = Infer<typeof Words>;

function titleOf(data: Data): string {
  return data.title + TITLE_SUFFIX;
}

export async function loader(): Promise<Data> {
  return Words.create({ title: 'x' });
}

export function meta(data: Data): PageMeta {
  return { title: titleOf(data), breadcrumbs: [{ name: 'Главная', path: href('home') }] };
}

export default function Page() {
  const data = useLoaderData<Data>();
  return <><Hero title={data.title} /><Cards /></>;
}
`;

test('keeps meta, what it calls and every import and type; cuts the component, the loader and the lazy parts', () => {
  const result = metaOnlySource(PAGE, '/site/shared/pages/example/route.tsx');
  expect(result).toContain('export function meta(data: Data): PageMeta');
  expect(result).toContain('function titleOf(data: Data)');
  expect(result).toContain("const TITLE_SUFFIX = ' — Верфь';");
  expect(result).toContain('export interface Data');
  expect(result).toContain('type Words = Infer<typeof Words>;');
  // Imports stay: the build drops those nothing uses any more (esbuild.config.ts).
  expect(result).toContain("import { Hero } from './Hero.tsx';");
  expect(result).not.toContain('export default function Page');
  expect(result).not.toContain('export async function loader');
  expect(result).not.toContain('lazyServerRendered(');
  expect(result).not.toContain('const Words = object(');
});

test('a page module without meta is an error of the build, not a silent empty view', () => {
  expect(() => metaOnlySource('export default function Page() { return null; }\n', '/site/shared/pages/x/route.tsx')).toThrow(/meta/);
});
