import { bootScript } from '../../server/features/pages/ssr/bootScript.ts';
import { frameworkFloorBundle } from '../../tests/budgets/pageWeight.ts';
import { startRewritingProxy, withoutScripts } from './noScriptProxy.ts';

/** Where the framework floor page loads the floor from (answered by the proxy itself). */
export const FRAMEWORK_FLOOR_PATH = '/assets/framework-floor.js';

/**
 * The framework floor page: the page's HTML with its scripts replaced by the framework floor alone
 * (React, react-dom and react-router: tests/budgets/pageWeight.ts), started by the site's own
 * boot script (server/features/pages/ssr/bootScript.ts), so loaded and evaluated as the first load
 * is, hydrating nothing: above it is the site's own cost (docs/performance.md, "Lighthouse").
 */
export function withFrameworkFloor(html: string): string {
  const stripped = withoutScripts(html);
  const boot = `<script>${bootScript(FRAMEWORK_FLOOR_PATH, [])}</script>`;
  const end = stripped.lastIndexOf('</body>');
  return end === -1 ? stripped + boot : `${stripped.slice(0, end)}${boot}${stripped.slice(end)}`;
}

/**
 * A loopback proxy in front of the site answering every page as its framework floor page. The
 * page's Content-Security-Policy is left out: its hashes are of the scripts removed.
 */
export async function startFrameworkFloorProxy(siteUrl: string): Promise<{ port: number; stop(): Promise<void> }> {
  const floor = await frameworkFloorBundle();
  return startRewritingProxy(siteUrl, {
    rewrite: withFrameworkFloor,
    files: new Map([[FRAMEWORK_FLOOR_PATH, floor]]),
    dropHeaders: ['content-security-policy'],
  });
}
