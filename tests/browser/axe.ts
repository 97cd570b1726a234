import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT_DIR } from '../../server/platform/paths.ts';

let axeSource: Promise<string> | undefined;

/**
 * axe's violations on the page as it is now, as `rule: targets` lines. The page's context must
 * bypass the CSP: axe is injected with addScriptTag, an inline script the site's CSP would
 * (rightly) block.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // axe reads colours from rendered boxes: sections out of view render at idle moments after
  // hydration (shared/browser/sectionRendering.ts), and until then axe would judge their text against
  // the page behind them (axe-core's open issue 2768 on `content-visibility`).
  await page.waitForFunction(() =>
    [...document.querySelectorAll('section')].every((section) => getComputedStyle(section).contentVisibility !== 'auto'),
  );
  // Colours are judged when entrance animations have ended (mid-fade text is not what people read).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
  );
  axeSource ??= readFile(path.join(ROOT_DIR, 'node_modules/axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: await axeSource });
  return page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: { run: (context: Document) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }> };
      }
    ).axe.run(document);
    return result.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`,
    );
  });
}
