import { RELOAD_GUARD_KEY, RELOAD_GUARD_MS } from '../../../../shared/browser/freshnessTimings.ts';

/**
 * The inline script that starts the browser bundle once the page has been painted (decision 017):
 * the page is whole without JavaScript (§2), so its preloads and entry are added after the first
 * contentful paint instead of competing with it (Lighthouse, mobile: 0.7–1.2 s of FCP; waiting
 * only for the first frame was not enough, docs/performance.md). Without Paint Timing, or with no
 * paint entry (Firefox ESR at a `#fragment`, decision 040), the first frame after `load` starts
 * it; a background tab starts at once; it runs once. Inline, not `<script src>`: the CSP trusts
 * hashed inline scripts with 'strict-dynamic' (server/platform/http/securityHeaders.ts).
 */
/**
 * §8 "a chunk-load error reloads the page once, guarded by a 10-second window stored in session
 * storage", for the first-load file itself: its failure would otherwise leave the page without
 * scripts, and the listener of every later chunk lives inside it (client/freshness/). A tap that
 * waited for the code (headScript.ts) is followed natively instead: that is a page load too.
 */
const RELOAD_ONCE =
  'const w=window;if(w.__leaving)return;if(w.__pendingTap)return w.__tapFallback();w.__tapFallback?.();' +
  `try{const k=${JSON.stringify(RELOAD_GUARD_KEY)},n=Date.now(),t=Number(sessionStorage.getItem(k));` +
  `if(t>0&&Math.abs(n-t)<${RELOAD_GUARD_MS})return;sessionStorage.setItem(k,String(n));location.reload()}catch{}`;
const START = `for(const h of p){const l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.append(l)}import(e).catch(()=>{${RELOAD_ONCE}})`;
/**
 * `window.__leaving`: the visitor has set off to another document (`beforeunload`, which comes
 * first for every kind of navigation; `pageshow` from the back/forward cache ends it). Firefox
 * cancels the page's pending module loads then, each `import()` rejects like a missing chunk, and
 * a reload would cancel their navigation; the app's chunk handling reads the same flag
 * (`pageBeingLeft`, shared/browser/chunkLoader.ts; decision 040).
 */
const LEAVING = 'addEventListener("beforeunload",()=>{window.__leaving=1});addEventListener("pageshow",()=>{window.__leaving=0});';
/** A task after the next frame: the frame is painted (the fallback, and the way without Paint Timing). */
const AFTER_FRAME = 'const f=()=>requestAnimationFrame(()=>setTimeout(s));';
/** The paint entry, or else the `load` event and the frame after it, whichever comes first. */
const AFTER_FIRST_PAINT =
  'typeof PerformanceObserver<"u"&&PerformanceObserver.supportedEntryTypes?.includes("paint")?' +
  '(new PerformanceObserver((l,o)=>{l.getEntriesByName("first-contentful-paint").length&&(o.disconnect(),s())}).observe({type:"paint",buffered:!0}),' +
  'document.readyState==="complete"?f():addEventListener("load",f,{once:!0})):f()';
/** The script around a page's preloads and entry, written once; only the two values vary. */
const BOOT = `((p,e)=>{${LEAVING}let d=0;const s=()=>{if(d)return;d=1;${START}};${AFTER_FRAME}document.visibilityState==="hidden"?s():${AFTER_FIRST_PAINT}})`;

export function bootScript(entry: string, preloads: readonly string[]): string {
  return `${BOOT}(${literal(preloads)},${literal(entry)})`;
}

/** Asset URLs come from the build's manifest; escaped all the same so none can end the script. */
function literal(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The preloads and entry a boot script starts, read back from a page's HTML (for tests). */
export function bootScriptOf(html: string): { preloads: string[]; entry: string } | undefined {
  const match = /\):f\(\)\}\)\((\[[^\]]*\]),("[^"]*")\)/.exec(html);
  if (!match?.[1] || !match[2]) return undefined;
  return { preloads: JSON.parse(match[1]) as string[], entry: JSON.parse(match[2]) as string };
}
