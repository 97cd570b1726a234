import vm from 'node:vm';
import { expect, test } from 'vitest';
import { RELOAD_GUARD_KEY, RELOAD_GUARD_MS } from '../../../../shared/browser/freshnessTimings.ts';
import { bootScript, bootScriptOf } from './bootScript.ts';

test('the boot script names the entry and the chunks to preload, and reads back from the page', () => {
  const script = bootScript('/assets/entry-0123456789.js', ['/assets/entry-0123456789.js', '/assets/chunk-abcdefghij.js']);
  expect(bootScriptOf(`<body><div id="app"></div><script>${script}</script></body>`)).toEqual({
    entry: '/assets/entry-0123456789.js',
    preloads: ['/assets/entry-0123456789.js', '/assets/chunk-abcdefghij.js'],
  });
});

/** Runs the script against a stand-in document; `import()` is swapped for a recorder (a VM has no module loader). */
function run(visibilityState: 'visible' | 'hidden', paintTiming = false, readyState: 'loading' | 'complete' = 'loading') {
  const frames: (() => void)[] = [];
  const loads: (() => void)[] = [];
  const tasks: (() => void)[] = [];
  const events: string[] = [];
  const paints: Array<(name: string) => void> = [];
  class PerformanceObserver {
    static readonly supportedEntryTypes = ['mark', 'measure', 'paint'];
    #connected = true;
    constructor(callback: (list: { getEntriesByName: (name: string) => unknown[] }, observer: PerformanceObserver) => void) {
      paints.push((painted) => {
        if (this.#connected) callback({ getEntriesByName: (name) => (name === painted ? [{ name }] : []) }, this);
      });
    }
    observe(options: { type: string; buffered: boolean }) {
      events.push(`observe ${options.type}${options.buffered ? ' buffered' : ''}`);
    }
    disconnect() {
      this.#connected = false;
    }
  }
  const context = vm.createContext({
    ...(paintTiming ? { PerformanceObserver } : {}),
    addEventListener: (type: string, listener: () => void, options?: { once?: boolean }) => {
      if (type !== 'load') return;
      events.push(`listen ${type}${options?.once ? ' once' : ''}`);
      loads.push(listener);
    },
    document: {
      visibilityState,
      readyState,
      createElement: () => ({}),
      head: { append: (link: { rel: string; href: string }) => events.push(`${link.rel} ${link.href}`) },
    },
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void) => tasks.push(callback),
    load: (specifier: string) => {
      events.push(`import ${specifier}`);
      return Promise.resolve();
    },
  });
  const script = bootScript('/assets/entry.js', ['/assets/entry.js', '/assets/chunk.js']).replace('import(e)', 'load(e)');
  vm.runInContext(script, context);
  return {
    frames,
    tasks,
    events,
    paint: (name: string) => paints.forEach((report) => report(name)),
    load: () => loads.forEach((listener) => listener()),
    /** Runs the frames, then the tasks, queued so far. */
    nextFrame: () => {
      frames.splice(0).forEach((frame) => frame());
      tasks.splice(0).forEach((task) => task());
    },
  };
}

const STARTED = ['modulepreload /assets/entry.js', 'modulepreload /assets/chunk.js', 'import /assets/entry.js'];

test('the boot script asks for no JavaScript before the browser reports the first contentful paint', () => {
  const { frames, tasks, events, paint, load, nextFrame } = run('visible', true);
  expect(events).toEqual(['observe paint buffered', 'listen load once']);
  expect(frames).toEqual([]);
  paint('first-paint');
  expect(events).toEqual(['observe paint buffered', 'listen load once']);
  paint('first-contentful-paint');
  expect(events).toEqual(['observe paint buffered', 'listen load once', ...STARTED]);
  paint('first-contentful-paint');
  expect(tasks).toEqual([]);
  // The fallback coming later starts nothing a second time.
  load();
  nextFrame();
  expect(events).toEqual(['observe paint buffered', 'listen load once', ...STARTED]);
});

test('an engine that reports no first contentful paint (Firefox at a #fragment) starts after the load event and the next frame', () => {
  const { frames, events, paint, load, nextFrame } = run('visible', true);
  paint('first-paint');
  expect(frames).toEqual([]);
  load();
  expect(events).toEqual(['observe paint buffered', 'listen load once']);
  nextFrame();
  expect(events).toEqual(['observe paint buffered', 'listen load once', ...STARTED]);
  // A late paint entry starts nothing a second time.
  paint('first-contentful-paint');
  expect(events).toHaveLength(5);
});

test('a boot script run after the load event waits for the next frame, not for an event that has passed', () => {
  const { events, nextFrame } = run('visible', true, 'complete');
  expect(events).toEqual(['observe paint buffered']);
  nextFrame();
  expect(events).toEqual(['observe paint buffered', ...STARTED]);
});

test('without Paint Timing the boot script asks for no JavaScript before the first frame is painted, then preloads and imports the entry', () => {
  const { frames, tasks, events } = run('visible');
  expect(events).toEqual([]);
  frames.forEach((frame) => frame());
  expect(events).toEqual([]);
  tasks.forEach((task) => task());
  expect(events).toEqual(['modulepreload /assets/entry.js', 'modulepreload /assets/chunk.js', 'import /assets/entry.js']);
});

test('in a background tab, which paints no frame, the boot script starts at once', () => {
  expect(run('hidden').events).toEqual(['modulepreload /assets/entry.js', 'modulepreload /assets/chunk.js', 'import /assets/entry.js']);
});

test('nothing in the names can end the inline script', () => {
  expect(bootScript('/assets/</script><script>alert(1)//.js', [])).not.toContain('</script>');
});

/** Runs the script in a background tab (it starts at once) with an entry that fails to load. */
async function runFailing(options: { lastReloadAt?: number; pendingTap?: boolean; now: number; leaving?: boolean }) {
  const storage = new Map<string, string>();
  const windowEvents = new EventTarget();
  if (options.lastReloadAt !== undefined) storage.set(RELOAD_GUARD_KEY, String(options.lastReloadAt));
  const happened: string[] = [];
  const window: Record<string, unknown> = {
    __pendingTap: options.pendingTap ? {} : null,
    __tapFallback: () => happened.push('tap followed natively'),
  };
  const context = vm.createContext({
    window,
    addEventListener: (type: string, listener: () => void) => windowEvents.addEventListener(type, listener),
    document: { visibilityState: 'hidden', createElement: () => ({}), head: { append: () => undefined } },
    sessionStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
    },
    location: { reload: () => happened.push('reload') },
    Date: { now: () => options.now },
    load: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
  });
  vm.runInContext(bootScript('/assets/entry.js', []).replace('import(e)', 'load(e)'), context);
  if (options.leaving) windowEvents.dispatchEvent(new Event('beforeunload'));
  await new Promise((resolve) => setImmediate(resolve));
  return { happened, reloadAt: storage.get(RELOAD_GUARD_KEY) };
}

test('the first-load file failing reloads the page once and records when (§8)', async () => {
  const { happened, reloadAt } = await runFailing({ now: 1_000_000 });
  // The page's controls turn native first, in case the reload does not come.
  expect(happened).toEqual(['tap followed natively', 'reload']);
  expect(reloadAt).toBe('1000000');
});

test('the first-load file failing again within the guard window does not reload: no loop (§8)', async () => {
  const { happened } = await runFailing({ now: 1_000_000 + RELOAD_GUARD_MS - 1, lastReloadAt: 1_000_000 });
  expect(happened).toEqual(['tap followed natively']);
  expect((await runFailing({ now: 1_000_000 + RELOAD_GUARD_MS, lastReloadAt: 1_000_000 })).happened).toContain('reload');
});

test('a tap kept while the first-load file was on its way is followed natively instead of a reload', async () => {
  const { happened, reloadAt } = await runFailing({ now: 1_000_000, pendingTap: true });
  expect(happened).toEqual(['tap followed natively']);
  expect(reloadAt).toBeUndefined();
});

test('the first-load file failing while the visitor leaves for another document reloads nothing: that would cancel their navigation', async () => {
  const { happened, reloadAt } = await runFailing({ now: 1_000_000, leaving: true });
  expect(happened).toEqual([]);
  expect(reloadAt).toBeUndefined();
});
