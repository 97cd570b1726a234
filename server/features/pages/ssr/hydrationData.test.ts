import type { StaticHandlerContext } from 'react-router';
import { expect, test } from 'vitest';
import { HYDRATION_DATA_ID } from '../../../../shared/routes/hydrationData.ts';
import { routeDataTextOf } from '../../../../tests/support/inlineElements.ts';
import { hydrationDataBlock } from './hydrationData.ts';

const contextWith = (loaderData: Record<string, unknown>) =>
  ({ loaderData, actionData: null, errors: null }) as unknown as StaticHandlerContext;

const blockText = (block: string) => routeDataTextOf(block) ?? '';

test('content with </script>, <!-- and U+2028 cannot end or escape the route data block, and reads back whole', () => {
  const hostile = { text: '</SCRIPT></script><script>alert(1)</script><!-- \u2028 \u2029 & "quotes" \'single\' back\\slash \\u003c' };
  const block = hydrationDataBlock(contextWith({ root: hostile }));
  expect(block.startsWith(`<script type="application/json" id="${HYDRATION_DATA_ID}">`)).toBe(true);
  expect(block.endsWith('</script>')).toBe(true);
  const text = blockText(block);
  expect(text).not.toContain('<');
  expect(JSON.parse(text)).toEqual({ loaderData: { root: hostile }, actionData: null, errors: null });
});

test('a __proto__ key in content stays data', () => {
  const parsed = JSON.parse(blockText(hydrationDataBlock(contextWith(JSON.parse('{"__proto__": {"polluted": true}}'))))) as {
    loaderData: object;
  };
  expect(Object.keys(parsed.loaderData)).toEqual(['__proto__']);
  expect(Object.getPrototypeOf(parsed.loaderData)).not.toHaveProperty('polluted');
});
