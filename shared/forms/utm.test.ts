import { expect, test } from 'vitest';
import { captureUtmParams, readUtmParams, UTM_STORAGE_KEY } from './utm.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

test('the five UTM parameters of the URL are stored under utm_params', () => {
  const storage = memoryStorage();
  captureUtmParams('?utm_source=yandex&utm_medium=cpc&utm_campaign=sites&utm_term=сайт&utm_content=ad1&page=2', storage);
  expect(JSON.parse(storage.items.get(UTM_STORAGE_KEY)!)).toEqual({
    utm_source: 'yandex',
    utm_medium: 'cpc',
    utm_campaign: 'sites',
    utm_term: 'сайт',
    utm_content: 'ad1',
  });
  expect(readUtmParams(storage)).toEqual(JSON.parse(storage.items.get(UTM_STORAGE_KEY)!));
});

test('a URL without UTM parameters keeps the stored ones; a new campaign replaces them', () => {
  const storage = memoryStorage();
  captureUtmParams('?utm_source=vk', storage);
  captureUtmParams('?q=1', storage);
  expect(readUtmParams(storage)).toEqual({ utm_source: 'vk' });
  captureUtmParams('?utm_source=yandex&utm_medium=cpc', storage);
  expect(readUtmParams(storage)).toEqual({ utm_source: 'yandex', utm_medium: 'cpc' });
});

test('tampered or broken storage reads as no UTM parameters', () => {
  const storage = memoryStorage();
  storage.setItem(UTM_STORAGE_KEY, '{not json');
  expect(readUtmParams(storage)).toEqual({});
  storage.setItem(UTM_STORAGE_KEY, JSON.stringify({ utm_source: 5, evil: 'x', utm_medium: 'cpc' }));
  expect(readUtmParams(storage)).toEqual({ utm_medium: 'cpc' });
  const failing = {
    getItem: () => {
      throw new Error('denied');
    },
    setItem: () => {
      throw new Error('denied');
    },
  };
  expect(readUtmParams(failing)).toEqual({});
  expect(captureUtmParams('?utm_source=vk', failing)).toEqual({ utm_source: 'vk' });
});
