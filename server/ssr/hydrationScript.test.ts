import { runInNewContext } from 'node:vm';
import { expect, test } from 'vitest';
import { jsonStringLiteral } from './hydrationScript.ts';

test('content with </script>, <!-- and U+2028 cannot break out of the hydration script', () => {
  const hostile = { text: '</script><script>alert(1)</script><!-- \u2028 \u2029 & "quotes" \'single\' back\\slash \\u003c' };
  const literal = jsonStringLiteral(hostile);
  expect(literal).not.toMatch(/[<>\u2028\u2029]/);
  expect(runInNewContext(`JSON.parse(${literal})`)).toEqual(hostile);
});

test('a __proto__ key in content stays data', () => {
  const parsed = runInNewContext(`JSON.parse(${jsonStringLiteral(JSON.parse('{"__proto__": {"polluted": true}}'))})`) as Record<
    string,
    unknown
  >;
  expect(Object.keys(parsed)).toEqual(['__proto__']);
  expect(Object.getPrototypeOf(parsed)).not.toHaveProperty('polluted');
});
