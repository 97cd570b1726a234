import { expect, test } from 'vitest';
import {
  excusedAudits,
  failingAudits,
  gapsTo,
  judge,
  medianTbtMs,
  type AuditResult,
  type LighthouseResult,
} from '../../scripts/lighthouse/scores.ts';

const audit = (id: string, score: number | null, extra: Partial<AuditResult> = {}): AuditResult => ({
  id,
  title: id,
  score,
  scoreDisplayMode: score === null ? 'informative' : 'binary',
  ...extra,
});

function result(
  overrides: { seoAudits?: AuditResult[]; cls?: number; tbt?: number; fcp?: number; performance?: number } = {},
): LighthouseResult {
  const seoAudits = overrides.seoAudits ?? [audit('document-title', 1), audit('http-status-code', 1), audit('is-crawlable', 1)];
  const seoScore = seoAudits.reduce((sum, entry) => sum + (entry.score ?? 0), 0) / seoAudits.length;
  const audits: AuditResult[] = [
    audit('cumulative-layout-shift', 1, { scoreDisplayMode: 'numeric', numericValue: overrides.cls ?? 0 }),
    audit('total-blocking-time', 1, { scoreDisplayMode: 'numeric', numericValue: overrides.tbt ?? 20 }),
    audit('first-contentful-paint', 1, { scoreDisplayMode: 'numeric', numericValue: overrides.fcp ?? 1200 }),
    audit('color-contrast', 1),
    audit('errors-in-console', 1),
    ...seoAudits,
  ];
  return {
    categories: {
      performance: {
        score: overrides.performance ?? 0.99,
        auditRefs: [
          { id: 'cumulative-layout-shift', weight: 25 },
          { id: 'total-blocking-time', weight: 30 },
        ],
      },
      accessibility: { score: 1, auditRefs: [{ id: 'color-contrast', weight: 7 }] },
      'best-practices': { score: 1, auditRefs: [{ id: 'errors-in-console', weight: 1 }] },
      seo: { score: seoScore, auditRefs: seoAudits.map(({ id }) => ({ id, weight: 1 })) },
    },
    audits: Object.fromEntries(audits.map((entry) => [entry.id, entry])),
  };
}

test('a page that meets every target has no misses', () => {
  const judged = judge(result(), [], judge(result()));
  expect(judged.scores).toEqual({ performance: 99, accessibility: 100, 'best-practices': 100, seo: 100 });
  expect(judged.misses).toEqual([]);
});

test('performance is judged against the same page without scripts: up to 3 points and 150 ms of FCP behind it', () => {
  const noScripts = judge(result({ performance: 0.97, fcp: 1200 }));
  expect(judge(result({ performance: 0.94, fcp: 1350 }), [], noScripts).misses).toEqual([]);
  expect(judge(result({ performance: 0.93, fcp: 1351 }), [], noScripts).misses).toEqual([
    'performance 93 < 94 (no scripts 97 − 3)',
    'FCP 1351 ms > 1350 ms (no scripts 1200 + 150)',
  ]);
});

test('without its no-script version a page is not judged on performance, but a CLS over 0.01 and a TBT over 100 ms are each a miss', () => {
  expect(judge(result({ performance: 0.5, cls: 0.02, tbt: 150 })).misses).toEqual(['CLS 0.02 > 0.01', 'TBT 150 ms > 100 ms']);
});

test('the 404 page is judged on SEO without the audits it fails on purpose, and only those', () => {
  const notFound = result({ seoAudits: [audit('document-title', 1), audit('http-status-code', 0), audit('is-crawlable', 0)] });
  expect(judge(notFound).scores.seo).toBe(33);
  const excused = judge(notFound, ['http-status-code', 'is-crawlable']);
  expect(excused.scores.seo).toBe(100);
  expect(excused.adjusted).toEqual(['seo']);
  const stillFailing = judge(result({ seoAudits: [audit('document-title', 0), audit('http-status-code', 0)] }), ['http-status-code']);
  expect(stillFailing.misses).toEqual(['seo 0 < 100']);
});

test('failing audits name the id and what on the page causes them', () => {
  const page = result();
  const contrast = audit('color-contrast', 0, {
    details: { items: [{ node: { selector: 'a.cta > span', snippet: '<span>', explanation: 'contrast 2.59' } }] },
  });
  const failing = failingAudits({ ...page, audits: { ...page.audits, 'color-contrast': contrast } });
  expect(failing).toEqual([
    {
      category: 'accessibility',
      id: 'color-contrast',
      title: 'color-contrast',
      displayValue: undefined,
      costsPoints: true,
      items: ['a.cta > span — <span> — contrast 2.59'],
      expected: false,
    },
  ]);
});

test('on the 404 page the console error of its own 404 is excused, any other is not', () => {
  const url = 'http://localhost:4000/net-takoy/';
  const withErrors = (urls: string[]): LighthouseResult => {
    const page = result();
    const items = urls.map((entry) => ({ source: 'network', description: 'Failed to load resource', sourceLocation: { url: entry } }));
    return { ...page, audits: { ...page.audits, 'errors-in-console': audit('errors-in-console', 0, { details: { items } }) } };
  };
  expect(excusedAudits('404', withErrors([url]), url)).toEqual(['http-status-code', 'is-crawlable', 'errors-in-console']);
  expect(excusedAudits('404', withErrors([url, 'http://localhost:4000/assets/missing.js']), url)).toEqual([
    'http-status-code',
    'is-crawlable',
  ]);
  expect(excusedAudits('home', withErrors(['http://localhost:4000/']), 'http://localhost:4000/')).toEqual([]);
});

test('against the framework floor page: up to 2 points of Performance and 50 ms of TBT behind it', () => {
  const floor = judge(result({ performance: 0.95, tbt: 200 }));
  expect(gapsTo(judge(result({ performance: 0.93, tbt: 250 })), floor)).toEqual({ performanceGap: 2, tbtGapMs: 50, misses: [] });
  const behind = gapsTo(judge(result({ performance: 0.92, tbt: 251 })), floor);
  expect(behind.performanceGap).toBe(3);
  expect(behind.tbtGapMs).toBe(51);
  expect(behind.misses).toHaveLength(2);
  // Ahead of the floor is no miss; a missing figure is one.
  expect(gapsTo(judge(result({ performance: 0.99, tbt: 10 })), floor).misses).toEqual([]);
  const unknown = judge(result());
  expect(gapsTo({ ...unknown, tbtMs: null }, floor).misses).toHaveLength(1);
});

test('TBT is judged by its median over the audits, not by the one audit of the median Performance run', () => {
  const audits = [130, 10, 60, 90, 40].map((tbt) => result({ tbt }));
  expect(medianTbtMs(audits)).toBe(60);
  // An even count takes the lower middle, always one audit's figure.
  expect(medianTbtMs(audits.slice(0, 4))).toBe(60);
  expect(medianTbtMs([])).toBeNull();
  // The median replaces the result's own TBT, in the figure and in the TBT ≤ 100 ms verdict.
  const judged = judge(result({ tbt: 130 }), [], undefined, medianTbtMs(audits));
  expect(judged.tbtMs).toBe(60);
  expect(judged.misses).toEqual([]);
  expect(judge(result({ tbt: 130 })).misses).toEqual(['TBT 130 ms > 100 ms']);
});
