import { GOAL_ATTRIBUTE } from '../../../shared/analytics/goals.ts';
import { LIVE_ATTRIBUTE, PENDING_TAP_ATTRIBUTE, TAP_ATTRIBUTE } from '../../../shared/browser/tapReplay.ts';

/** How long a captured tap waits for its control's code (a slow phone hydrates the header ~4 s after first paint). */
export const TAP_FALLBACK_MS = 10_000;

/**
 * Tap capture (decision 017): a click on a `data-tap` control not live yet is kept for it to replay once hydrated
 * (without a modifier key). A click on a §7 goal before analytics starts is noted in `__goals` (decision 031).
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

/** The page's first inline script, in `<head>`, in place at the first paint; allowed by its hash. */
export const HEAD_SCRIPT = `{${TAP_CAPTURE}}`;
