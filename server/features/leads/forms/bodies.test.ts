import { expect, test } from 'vitest';
import { readMeta, withoutFormResult } from './bodies.ts';

const RESULT = '0b4f1c1e-8a49-4a8e-9a51-6d3f9c1f2a7b';

test('a page address loses the form-result parameter and keeps everything else', () => {
  expect(withoutFormResult(`/request/?utm_source=vk&_result=${RESULT}`)).toBe('/request/?utm_source=vk');
  expect(withoutFormResult(`/blog/?_result=${RESULT}`)).toBe('/blog/');
  expect(withoutFormResult('/blog/?page=2')).toBe('/blog/?page=2');
  expect(withoutFormResult('/blog/_result/')).toBe('/blog/_result/');
  expect(withoutFormResult(undefined)).toBeUndefined();
});

test('the page of a lead sent again from its result page, by the Referer or by `_page`, is the page itself', () => {
  expect(readMeta({}, 0, `https://verf.test/request/?serviceType=SEO&_result=${RESULT}`).page).toBe('/request/?serviceType=SEO');
  expect(readMeta({ _page: `/career/?_result=${RESULT}#internship` }, 0, undefined).page).toBe('/career/#internship');
});
