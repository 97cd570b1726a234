import { GOAL_ATTRIBUTE } from '../../../shared/analytics/goals.ts';
import { LIVE_ATTRIBUTE, PENDING_TAP_ATTRIBUTE, TAP_ATTRIBUTE } from '../../../shared/browser/tapReplay.ts';

/**
 * How long a captured tap waits for its control's code before it is followed natively: longer
 * than a slow phone takes to hydrate the header (about 4 s after the first paint on Lighthouse's
 * mobile profile, docs/performance.md), short enough that a visitor whose JavaScript never
 * arrives is not left waiting.
 */
export const TAP_FALLBACK_MS = 10_000;

/**
 * Tap capture (docs/decisions/017, shared/browser/tapReplay.ts): a click on a `data-tap` control that
 * is not live yet is kept for the control to replay once hydrated, instead of doing nothing. Kept
 * from every other listener (`stopImmediatePropagation`: the analytics goal is counted on the
 * replay, once). A click with a modifier key or another button keeps its native meaning (a new tab).
 *
 * Any other click on a §7 goal's element (`data-goal`) before analytics has started (the burger
 * opens its menu natively from the first paint, docs/decisions/031) is noted in `__goals`, which
 * client/analytics/startAnalytics.ts counts and removes when it starts: each goal once.
 */
const TAP_CAPTURE =
  'const w=window,d=document,h=d.documentElement;w.__goals=[];' +
  'd.addEventListener("click",e=>{' +
  'const t=e.target instanceof Element?e.target:null,' +
  `c=!w.__tapNative&&t&&t.closest("[${TAP_ATTRIBUTE}]");` +
  `if(c&&!c.hasAttribute("${LIVE_ATTRIBUTE}")&&!(e.button||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)){` +
  'e.preventDefault();e.stopImmediatePropagation();' +
  `w.__pendingTap=c;h.setAttribute("${PENDING_TAP_ATTRIBUTE}",c.getAttribute("${TAP_ATTRIBUTE}"));` +
  `setTimeout(()=>w.__pendingTap===c&&w.__tapFallback(),${TAP_FALLBACK_MS});return}` +
  `const g=w.__goals&&t&&t.closest("[${GOAL_ATTRIBUTE}]");g&&w.__goals.push(g.getAttribute("${GOAL_ATTRIBUTE}"))},!0);` +
  `w.__tapFallback=()=>{const c=w.__pendingTap;w.__tapNative=1;w.__pendingTap=null;h.removeAttribute("${PENDING_TAP_ATTRIBUTE}");c&&c.click()};`;

/**
 * The page's first inline script, in `<head>`: it runs before the body is parsed, so it is in
 * place at the first paint. Allowed by its hash like the boot script (server/platform/http/inlineHashes.ts).
 */
export const HEAD_SCRIPT = `{${TAP_CAPTURE}}`;
