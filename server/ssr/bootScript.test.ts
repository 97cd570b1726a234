import vm from 'node:vm';
import { expect, test } from 'vitest';
import { bootScript, bootScriptOf } from './bootScript.ts';

test('the boot script names the entry and the chunks to preload, and reads back from the page', () => {
  const script = bootScript('/assets/entry-0123456789.js', ['/assets/entry-0123456789.js', '/assets/chunk-abcdefghij.js']);
  expect(bootScriptOf(`<body><div id="app"></div><script>${script}</script></body>`)).toEqual({
    entry: '/assets/entry-0123456789.js',
    preloads: ['/assets/entry-0123456789.js', '/assets/chunk-abcdefghij.js'],
  });
});

/** Runs the script against a stand-in document; `import()` is swapped for a recorder (a VM has no module loader). */
function run(visibilityState: 'visible' | 'hidden', paintTiming = false) {
  const frames: (() => void)[] = [];
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
    document: {
      visibilityState,
      createElement: () => ({}),
      head: { append: (link: { rel: string; href: string }) => events.push(`${link.rel} ${link.href}`) },
    },
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void) => tasks.push(callback),
    load: (specifier: string) => events.push(`import ${specifier}`),
  });
  const script = bootScript('/assets/entry.js', ['/assets/entry.js', '/assets/chunk.js']).replace('import(e)', 'load(e)');
  vm.runInContext(script, context);
  return { frames, tasks, events, paint: (name: string) => paints.forEach((report) => report(name)) };
}

test('the boot script asks for no JavaScript before the browser reports the first contentful paint', () => {
  const { frames, tasks, events, paint } = run('visible', true);
  expect(events).toEqual(['observe paint buffered']);
  expect(frames).toEqual([]);
  paint('first-paint');
  expect(events).toEqual(['observe paint buffered']);
  paint('first-contentful-paint');
  expect(events).toEqual([
    'observe paint buffered',
    'modulepreload /assets/entry.js',
    'modulepreload /assets/chunk.js',
    'import /assets/entry.js',
  ]);
  paint('first-contentful-paint');
  expect(events).toHaveLength(4);
  expect(tasks).toEqual([]);
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
