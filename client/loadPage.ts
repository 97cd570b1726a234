import type { PageModule } from '../shared/page-kit/pageModule.ts';
import type { PageName } from '../shared/routes/table.ts';

/** What the browser has of a page: its head and its body, never its loader. */
export type BrowserPage = Pick<PageModule, 'default' | 'meta'>;

/**
 * A page's own chunk. In the browser build a page's `view.tsx`, reached through this import,
 * is the page's chunk: its `meta.ts` and a lazy part whose `preload()` fetches the view itself
 * from a chunk of its own (build/clientPageModules.ts). esbuild makes a chunk of every
 * `shared/pages/<page>/view.tsx` for this import, and the build manifest maps page names to them.
 */
export function loadPage(page: PageName): Promise<BrowserPage> {
  return import(`../shared/pages/${page}/view.tsx`) as Promise<BrowserPage>;
}
