import { expect, test } from 'vitest';
import { MapsConfigError, scriptUrl, YandexMapsLoader, type MapsEnvironment, type MapsStatus, type YMaps3 } from './yandexMapsLoader.ts';

function fakeEnvironment() {
  const scripts: HTMLScriptElement[] = [];
  const environment: MapsEnvironment & { window: { ymaps3?: YMaps3 } } = {
    window: {},
    document: {
      createElement: () => ({}) as HTMLScriptElement,
      head: { appendChild: (script: HTMLScriptElement) => scripts.push(script) },
    },
  };
  return { environment, scripts };
}

const fakeYmaps3 = (ready: Promise<void>) => ({ ready }) as unknown as YMaps3;

test('a loader without an apikey is a configuration error', () => {
  expect(() => new YandexMapsLoader({})).toThrow(MapsConfigError);
  expect(() => new YandexMapsLoader({ apikey: '  ' })).toThrow(/apikey is missing/);
});

test('an unknown option is a configuration error', () => {
  expect(() => new YandexMapsLoader({ apikey: 'key', zoom: 12 })).toThrow(/unknown option "zoom"/);
  expect(() => new YandexMapsLoader({ apikey: 'key', lang: 'fr_FR' })).toThrow(/invalid option "lang"/);
});

test('loading on the server throws', () => {
  const loader = new YandexMapsLoader({ apikey: 'key' });
  expect(() => loader.load()).toThrow(/only be loaded in the browser/);
  expect(loader.status).toBe('pending');
});

test('the script is requested in Russian from API v3 with the key', () => {
  expect(scriptUrl({ apikey: 'a b', lang: 'ru_RU', version: 'v3' })).toBe('https://api-maps.yandex.ru/v3/?apikey=a+b&lang=ru_RU');
  expect(new YandexMapsLoader({ apikey: 'k' }).options).toEqual({ apikey: 'k', lang: 'ru_RU', version: 'v3' });
});

test('status goes pending → loading → loaded, and the script is injected once', async () => {
  const { environment, scripts } = fakeEnvironment();
  const loader = new YandexMapsLoader({ apikey: 'key' }, environment);
  const seen: MapsStatus[] = [loader.status];
  loader.subscribe((status) => seen.push(status));
  const first = loader.load();
  const second = loader.load();
  expect(scripts).toHaveLength(1);
  expect(scripts[0]!.src).toBe('https://api-maps.yandex.ru/v3/?apikey=key&lang=ru_RU');
  environment.window.ymaps3 = fakeYmaps3(Promise.resolve());
  scripts[0]!.onload!(new Event('load'));
  await expect(first).resolves.toBe(environment.window.ymaps3);
  await expect(second).resolves.toBe(environment.window.ymaps3);
  expect(seen).toEqual(['pending', 'loading', 'loaded']);
});

test('a script that fails to load sets status error', async () => {
  const { environment, scripts } = fakeEnvironment();
  const loader = new YandexMapsLoader({ apikey: 'key' }, environment);
  const loading = loader.load();
  scripts[0]!.onerror!(new Event('error'));
  await expect(loading).rejects.toThrow(/failed to load/);
  expect(loader.status).toBe('error');
});

test('an API that never becomes ready (rejected ymaps3.ready) sets status error', async () => {
  const { environment, scripts } = fakeEnvironment();
  const loader = new YandexMapsLoader({ apikey: 'bad-key' }, environment);
  const loading = loader.load();
  environment.window.ymaps3 = fakeYmaps3(Promise.reject(new Error('Invalid api key')));
  scripts[0]!.onload!(new Event('load'));
  await expect(loading).rejects.toThrow(/Invalid api key/);
  expect(loader.status).toBe('error');
});
