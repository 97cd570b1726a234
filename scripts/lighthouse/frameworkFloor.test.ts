import { expect, test } from 'vitest';
import { bootScriptOf } from '../../server/features/pages/ssr/bootScript.ts';
import { FRAMEWORK_FLOOR_PATH, withFrameworkFloor } from './frameworkFloor.ts';

test('the framework floor page is the page with its scripts replaced by one boot script that starts the floor alone', () => {
  const page = [
    '<!DOCTYPE html><html lang="ru"><head><script>{window.__headScript=1}</script>',
    '<link rel="modulepreload" href="/assets/entry-1.js"/><style>h1{color:red}</style></head>',
    '<body><div id="app"><h1>Верфь</h1></div>',
    '<script>((p,e)=>{})(["/assets/entry-1.js"],"/assets/entry-1.js")</script>',
    '</body></html>',
  ].join('');
  const floor = withFrameworkFloor(page);
  expect(floor).not.toContain('entry-1.js');
  expect(floor).not.toContain('__headScript');
  expect(floor).toContain('<style>h1{color:red}</style>');
  expect(floor.match(/<script>/g)).toHaveLength(1);
  expect(bootScriptOf(floor)).toEqual({ preloads: [], entry: FRAMEWORK_FLOOR_PATH });
  expect(floor.endsWith('</script></body></html>')).toBe(true);
});
