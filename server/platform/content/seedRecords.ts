import type { PublishedRecord, RefusedRecord } from './client/reader.ts';
import type { SeedContent, SeedReading } from './service/loadSeed.ts';

/** The seed as served: every record's last good copy, and the file each came from. */
export type GoodSeed = { readonly content: SeedContent; readonly fileOf: (record: object) => string | undefined };

/** Collections of one file per record: their folder is their JSON:API type. */
const FOLDERS = ['articles', 'projects', 'vacancies', 'documents', 'services', 'pages'] as const;
/** Collections of one file each: a problem anywhere in it keeps the whole last good file. */
const FILES = {
  agency: 'agency.json',
  articleFilters: 'article-filters.json',
  projectFilters: 'project-filters.json',
  specializations: 'specializations.json',
  authors: 'authors.json',
  redirects: 'redirects.json',
} as const satisfies Partial<Record<keyof SeedContent, string>>;

/** The problems of a reading, by the file they are in (`articles/x.md: title: …` → `articles/x.md`). */
export function problemsByFile(problems: readonly string[]): Map<string, string[]> {
  const byFile = new Map<string, string[]>();
  for (const problem of problems) {
    const file = problem.split(': ', 1)[0]!;
    byFile.set(file, [...(byFile.get(file) ?? []), problem]);
  }
  return byFile;
}

/** The seed record by record (decision 036): a file with problems keeps its last good copy, holding back no other. */
export function mergeSeed(previous: GoodSeed, next: SeedReading): GoodSeed {
  const bad = problemsByFile(next.problems);
  const fileOf = (record: object) => next.fileOf(record) ?? previous.fileOf(record);
  const isBad = (record: object) => bad.has(fileOf(record) ?? '');
  const content = { ...next.content } as Record<keyof SeedContent, unknown>;
  for (const folder of FOLDERS) {
    content[folder] = [
      ...next.content[folder].filter((record) => !isBad(record)),
      ...previous.content[folder].filter((record) => bad.has(previous.fileOf(record) ?? '')),
    ];
  }
  for (const [key, file] of Object.entries(FILES) as [keyof typeof FILES, string][]) {
    if (bad.has(file) || next.content[key] === undefined) content[key] = previous.content[key];
  }
  return { content: content as unknown as SeedContent, fileOf };
}

/** The seed file a record a publish event names lives in (`services` ids are paths: `a/b` → `a__b.json`). */
function candidateFiles({ type, id }: PublishedRecord): string[] {
  if (!(FOLDERS as readonly string[]).includes(type)) return [`${type}.json`];
  const name = id.replaceAll('/', '__');
  return [`${type}/${name}.md`, `${type}/${name}.json`];
}

/** Of the records a publish names, those whose files have problems, with them as the reason. */
export function refusedOf(records: readonly PublishedRecord[], problems: readonly string[]): RefusedRecord[] {
  const bad = problemsByFile(problems);
  return records.flatMap((record) => {
    const reasons = candidateFiles(record).flatMap((file) => bad.get(file) ?? []);
    return reasons.length === 0 ? [] : [{ type: record.type, id: record.id, reason: reasons.join('; ') }];
  });
}
