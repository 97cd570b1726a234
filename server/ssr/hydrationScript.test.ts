import { runInNewContext } from 'node:vm';
import { expect, test } from 'vitest';
import { escapeJsonForScript } from './hydrationScript.ts';

test('content with </script>, <!-- and U+2028 cannot break out of the hydration script', () => {
  const hostile = { text: '</script><script>alert(1)</script><!-- \u2028 \u2029 & "quotes"' };
  const literal = escapeJsonForScript(hostile);
  expect(literal).not.toMatch(/[<>\u2028\u2029]/);
  expect(runInNewContext(`JSON.parse(${literal})`)).toEqual(hostile);
});
