import { RELOAD_GUARD_KEY, RELOAD_GUARD_MS } from '../../../../shared/browser/freshnessTimings.ts';

// Starts the bundle after the first contentful paint (decision 017, docs/performance.md) or after `load` (decision 040).

/** §8's reload once on a chunk-load error, for the first-load file itself; a tap waiting for the code is followed natively. */
const RELOAD_ONCE =
  'const w=window;if(w.__leaving)return;if(w.__pendingTap)return w.__tapFallback();w.__tapFallback?.();' +
  `try{const k=${JSON.stringify(RELOAD_GUARD_KEY)},n=Date.now(),t=Number(sessionStorage.getItem(k));` +
  `if(t>0&&Math.abs(n-t)<${RELOAD_GUARD_MS})return;sessionStorage.setItem(k,String(n));location.reload()}catch{}`;
const START = `for(const h of p){const l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.append(l)}import(e).catch(()=>{${RELOAD_ONCE}})`;
/** `window.__leaving`: Firefox cancels pending module loads on leaving, and a reload would cancel the navigation (decision 040). */
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
