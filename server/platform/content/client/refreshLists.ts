import { required, type ContentReader } from './reader.ts';
import { agencyRead, articleFiltersRead, projectFiltersRead, redirectsRead, servicesRead } from './reads.ts';

/** The lists every page depends on (tags, filters, redirects, menu, contacts), by name for the log. */
const REFRESHED: readonly (readonly [string, (reader: ContentReader) => Promise<unknown>])[] = [
  ['article-filters', (reader) => reader.all(articleFiltersRead, { forceRefresh: true })],
  ['project-filters', (reader) => reader.all(projectFiltersRead, { forceRefresh: true })],
  ['redirects', (reader) => reader.all(redirectsRead, { forceRefresh: true })],
  ['services', (reader) => reader.all(servicesRead, { forceRefresh: true })],
  ['agency', (reader) => reader.one(agencyRead, { forceRefresh: true }).then(required(agencyRead.path))],
];

/**
 * Reloads the lists every page depends on so they stay warm and fresh between visits; run by
 * the refresh job. They are the read definitions the pages use, so the same cache entries are
 * refreshed. A failure keeps the last good lists and is reported to the caller.
 */
export async function refreshLists(reader: ContentReader): Promise<{ readonly refreshed: number; readonly failed: readonly string[] }> {
  const results = await Promise.allSettled(REFRESHED.map(([, refresh]) => refresh(reader)));
  const failed = REFRESHED.filter((_, index) => results[index]!.status === 'rejected').map(([name]) => name);
  return { refreshed: REFRESHED.length - failed.length, failed };
}
