/**
 * Judging a Lighthouse result against its targets: pure functions over the parts of its result
 * they read, tested without Chromium. A score on this shared machine moves with its load, so
 * Performance and FCP are judged against the same page without scripts, audited in turn with it
 * (scripts/lighthouse/noScriptProxy.ts); the rest are absolute.
 */
import { ReportScoring } from 'lighthouse/core/scoring.js';
import { medianBy } from '../median.ts';

/** The parts of a Lighthouse audit result read here (a structural subset of LH.Audit.Result). */
export interface AuditResult {
  readonly id: string;
  readonly title: string;
  readonly score: number | null;
  readonly scoreDisplayMode: string;
  readonly displayValue?: string | undefined;
  readonly numericValue?: number | undefined;
  readonly details?: unknown;
}

type AuditRef = { readonly id: string; readonly weight: number };

/** The parts of a Lighthouse result read here (a structural subset of LH.Result). */
export interface LighthouseResult {
  readonly categories: Readonly<Record<string, { readonly score: number | null; readonly auditRefs: readonly AuditRef[] }>>;
  readonly audits: Readonly<Record<string, AuditResult>>;
}

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type CategoryId = (typeof CATEGORIES)[number];

/** Scores out of 100, times in ms; `performanceGap` and `fcpGapMs`: how far behind its no-script version the page may be. */
export const TARGETS = {
  performanceGap: 3,
  fcpGapMs: 150,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  cls: 0.01,
  tbtMs: 100,
} as const;

/**
 * Audits that fail on purpose: the 404 page answers 404 and is not indexed (§2 "An unmatched route
 * shows a 404 page", §8); its SEO is judged without them, and the table says so.
 */
export const EXPECTED_FAILURES: Readonly<Record<string, readonly string[]>> = { '404': ['http-status-code', 'is-crawlable'] };

/**
 * A page's expected failures, and on the 404 page `errors-in-console` when its only errors are the
 * browser's "Failed to load resource: 404" of the document itself (its `ignoredPatterns` option
 * matches the message alone, which would excuse a missing script's 404 too).
 */
export function excusedAudits(pageName: string, result: LighthouseResult, documentUrl: string): string[] {
  const excused = [...(EXPECTED_FAILURES[pageName] ?? [])];
  if (!excused.includes('http-status-code')) return excused;
  const items = itemsOf(result.audits['errors-in-console']?.details);
  const ownStatusOnly =
    items.length > 0 &&
    items.every((item) => {
      const location = item.sourceLocation as Record<string, unknown> | undefined;
      return item.source === 'network' && location?.url === documentUrl;
    });
  if (ownStatusOnly) excused.push('errors-in-console');
  return excused;
}

function itemsOf(details: unknown): Record<string, unknown>[] {
  if (typeof details !== 'object' || details === null || !('items' in details) || !Array.isArray(details.items)) return [];
  return details.items.filter((item: unknown): item is Record<string, unknown> => typeof item === 'object' && item !== null);
}

export interface PageScores {
  readonly scores: Readonly<Record<CategoryId, number | null>>;
  /** Categories whose score was recomputed without the page's expected failures. */
  readonly adjusted: readonly CategoryId[];
  readonly cls: number | null;
  readonly tbtMs: number | null;
  readonly fcpMs: number | null;
  readonly misses: readonly string[];
}

/** The absolute targets; Performance and FCP are judged against the no-script version. */
const ABSOLUTE = ['accessibility', 'best-practices', 'seo'] as const;

/**
 * Scores (0–100) per category, CLS, TBT, FCP and every target missed. `limit`: the same page's
 * no-script result; without it Performance and FCP are not judged. `tbtMs`: the median over the
 * version's audits (`medianTbtMs`), the result's own unless given.
 */
export function judge(
  result: LighthouseResult,
  expectedFailures: readonly string[] = [],
  limit?: PageScores,
  tbtMs: number | null = tbtMsOf(result),
): PageScores {
  const adjusted: CategoryId[] = [];
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => {
      const category = result.categories[id];
      if (category === undefined || category.score === null) return [id, null];
      const excused = category.auditRefs.filter((ref) => expectedFailures.includes(ref.id) && ref.weight > 0);
      if (excused.length === 0) return [id, Math.round(category.score * 100)];
      adjusted.push(id);
      return [
        id,
        Math.round(
          (ReportScoring.arithmeticMean(
            category.auditRefs
              .filter((ref) => !expectedFailures.includes(ref.id))
              .map((ref) => ({ score: result.audits[ref.id]?.score ?? null, weight: ref.weight }))
              .map((item) => (item.score === null ? { score: 0, weight: 0 } : item)),
          ) ?? 0) * 100,
        ),
      ];
    }),
  ) as Record<CategoryId, number | null>;

  const cls = result.audits['cumulative-layout-shift']?.numericValue ?? null;
  const fcpMs = result.audits['first-contentful-paint']?.numericValue ?? null;
  const misses: string[] = [];
  if (limit !== undefined) {
    const floor = limit.scores.performance === null ? null : limit.scores.performance - TARGETS.performanceGap;
    const performance = scores.performance;
    if (performance === null || floor === null || performance < floor) {
      misses.push(
        `performance ${performance ?? 'n/a'} < ${floor ?? 'n/a'} (no scripts ${limit.scores.performance ?? 'n/a'} − ${TARGETS.performanceGap})`,
      );
    }
    const fcpLimit = limit.fcpMs === null ? null : limit.fcpMs + TARGETS.fcpGapMs;
    if (fcpMs === null || fcpLimit === null || fcpMs > fcpLimit) {
      misses.push(
        `FCP ${fcpMs?.toFixed(0) ?? 'n/a'} ms > ${fcpLimit?.toFixed(0) ?? 'n/a'} ms (no scripts ${limit.fcpMs?.toFixed(0) ?? 'n/a'} + ${TARGETS.fcpGapMs})`,
      );
    }
  }
  for (const id of ABSOLUTE) {
    const score = scores[id];
    if (score === null || score < TARGETS[id]) misses.push(`${id} ${score ?? 'n/a'} < ${TARGETS[id]}`);
  }
  if (cls === null || cls > TARGETS.cls) misses.push(`CLS ${cls ?? 'n/a'} > ${TARGETS.cls}`);
  if (tbtMs === null || tbtMs > TARGETS.tbtMs) misses.push(`TBT ${tbtMs?.toFixed(0) ?? 'n/a'} ms > ${TARGETS.tbtMs} ms`);
  return { scores, adjusted, cls, tbtMs, fcpMs, misses };
}

/** One audit's Total Blocking Time, ms. */
export function tbtMsOf(result: LighthouseResult): number | null {
  return result.audits['total-blocking-time']?.numericValue ?? null;
}

/**
 * The median TBT of one version's audits (the lower middle for an even count): the run reported is
 * the median Performance one, whose TBT, with every score at 100, is one draw of five.
 */
export function medianTbtMs(results: readonly LighthouseResult[]): number | null {
  const values = results.flatMap((result) => tbtMsOf(result) ?? []);
  return medianBy(values, (value) => value) ?? null;
}

/** The targets against the framework floor page (scripts/lighthouse/frameworkFloor.ts): above it is the site's own cost. */
export const FLOOR_TARGETS = { performanceGap: 2, tbtGapMs: 50 } as const;

/**
 * How far the real page is behind a reference (the framework floor page, or the page without
 * scripts): its Performance minus the real page's, the real page's TBT minus its own.
 */
export function gapsTo(real: PageScores, reference: PageScores) {
  const performanceGap =
    real.scores.performance === null || reference.scores.performance === null
      ? null
      : reference.scores.performance - real.scores.performance;
  const tbtGapMs = real.tbtMs === null || reference.tbtMs === null ? null : real.tbtMs - reference.tbtMs;
  const misses: string[] = [];
  if (performanceGap === null || performanceGap > FLOOR_TARGETS.performanceGap) {
    misses.push(
      `performance ${real.scores.performance ?? 'n/a'}, ${performanceGap ?? 'n/a'} behind the framework floor's ${reference.scores.performance ?? 'n/a'} (at most ${FLOOR_TARGETS.performanceGap})`,
    );
  }
  if (tbtGapMs === null || tbtGapMs > FLOOR_TARGETS.tbtGapMs) {
    misses.push(
      `TBT ${real.tbtMs?.toFixed(0) ?? 'n/a'} ms, ${tbtGapMs?.toFixed(0) ?? 'n/a'} ms above the framework floor's ${reference.tbtMs?.toFixed(0) ?? 'n/a'} ms (at most ${FLOOR_TARGETS.tbtGapMs})`,
    );
  }
  return { performanceGap, tbtGapMs, misses };
}

/**
 * Audits below a passing score, per category, those that cost points first: weighted audits
 * under 1 (performance metrics under 0.9, Lighthouse's "good"), audits that errored, and the
 * performance diagnostics that say where the time goes. `costsPoints`: weighted in the category
 * score (a metric, or a pass/fail audit); `items`: a few selectors, URLs or snippets it points at.
 */
export function failingAudits(result: LighthouseResult, expectedFailures: readonly string[] = []) {
  const failing = CATEGORIES.flatMap((category) =>
    (result.categories[category]?.auditRefs ?? []).flatMap((ref) => {
      const audit = result.audits[ref.id];
      if (audit === undefined) return [];
      const errored = audit.scoreDisplayMode === 'error';
      const scored = ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode);
      const threshold = category === 'performance' ? 0.9 : 1;
      if (!errored && !(scored && audit.score !== null && audit.score < threshold)) return [];
      const { id, title, displayValue } = audit;
      const items = detailItems(audit.details).slice(0, 5);
      return [
        { category, id, title, displayValue, costsPoints: ref.weight > 0 || errored, items, expected: expectedFailures.includes(id) },
      ];
    }),
  );
  return failing.sort((a, b) => Number(b.costsPoints) - Number(a.costsPoints));
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const urlOf = (value: unknown) => (typeof value === 'object' && value !== null ? text((value as Record<string, unknown>).url) : undefined);

/** A readable line per item of an audit's details table or list (node selectors, URLs, snippets). */
function detailItems(details: unknown): string[] {
  return itemsOf(details).flatMap((record): string[] => {
    const node = (record.node ?? {}) as Record<string, unknown>;
    const parts = [
      text(node.selector),
      text(node.snippet),
      text(node.explanation)?.split('\n').slice(0, 2).join(' '),
      text(record.url),
      urlOf(record.source),
      text(record.description),
      urlOf(record.sourceLocation),
      text(record.directive) === undefined ? undefined : `${text(record.directive)}: ${text(record.description) ?? ''}`,
    ].filter((part): part is string => part !== undefined && part !== '');
    return parts.length > 0 ? [parts.join(' — ').slice(0, 300)] : [];
  });
}
