import type { PageModule } from '../shared/page-kit/pageModule.ts';
import type { PageName } from '../shared/routes/table.ts';

/** What the browser has of a page: its head and its body, never its loader. */
export type BrowserPage = Pick<PageModule, 'default' | 'meta'>;

/** A page's own chunk: its view and meta, the body a lazy part of its own (build/clientPageModules.ts). */
export function loadPage(page: PageName): Promise<BrowserPage> {
  return import(`../shared/pages/${page}/view.tsx`) as Promise<BrowserPage>;
}
