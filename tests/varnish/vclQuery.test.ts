import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from 'vitest';
import { ELEMENT_ANCHOR_PARAM } from '../../shared/browser/anchors.ts';
import { UTM_KEYS } from '../../shared/forms/utm.ts';
import { QUERY_PARAMS } from '../../shared/routes/queryParams.ts';
import { DATA_PARAM } from '../../shared/routes/dataRequest.ts';
import { ROOT_DIR } from '../../server/platform/paths.ts';

// docs/varnish/site.vcl keys a copy by the query parameters an instance reads and drops every
// other one (decision 034). A parameter the code starts reading and the VCL does not keep would
// be dropped before the instance saw it: the VCL's list is the code's.

const vcl = await readFile(path.join(ROOT_DIR, 'docs/varnish/site.vcl'), 'utf8');

/** The alternatives of the `&(?!(?:…)(?:[=&]|$))[^&]*` filter that follows `x-<name>` in site_cache_key. */
function filterOf(header: string): string {
  const start = vcl.indexOf(`set req.http.${header} = regsub(regsuball(req.http.x-query,`);
  expect(start, `site_cache_key sets ${header}`).toBeGreaterThan(-1);
  const match = /"&\(\?!\(\?:([^)]*)\)/.exec(vcl.slice(start));
  expect(match, `the filter of ${header}`).not.toBeNull();
  return match![1]!;
}

test('the query parameters the VCL keeps in the cache key are the ones the instances read', () => {
  const kept = filterOf('x-query').split('|').sort();
  expect(kept).toEqual([...Object.keys(QUERY_PARAMS), DATA_PARAM, ELEMENT_ANCHOR_PARAM].sort());
});

test('the parameters the VCL keeps aside for a redirect are §5’s UTM parameters and the other marketing ones', () => {
  const campaign = new RegExp(`^(?:${filterOf('x-campaign')})$`, 'u');
  for (const name of [...UTM_KEYS, 'utm_id', 'yclid', 'gclid', 'fbclid', '_ym_debug', '_ym_lang']) expect(name, name).toMatch(campaign);
  for (const name of ['page', 'serviceType', DATA_PARAM, ELEMENT_ANCHOR_PARAM, 'utm', 'xyclid']) expect(name, name).not.toMatch(campaign);
});
