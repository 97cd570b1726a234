/** §5: UTM parameters captured from the URL into session storage under `utm_params`; every lead carries them. */
export const UTM_STORAGE_KEY = 'utm_params';
export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
export type UtmParams = Partial<Record<UtmKey, string>>;

/** Longest value kept: a UTM value is a short tag, anything longer is noise or abuse. */
export const UTM_MAX_LENGTH = 200;

/** The UTM parameters present (and non-empty) in a query string. */
export function utmFromSearch(search: string): UtmParams {
  const params = new URLSearchParams(search);
  const found: UtmParams = {};
  for (const key of UTM_KEYS) {
    const value = params.get(key)?.trim();
    if (value) found[key] = value.slice(0, UTM_MAX_LENGTH);
  }
  return found;
}

type SessionStore = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * Stores the URL's UTM parameters when it has any (the last campaign wins, as analytics attribute
 * it); storage failures (private mode, quota) are ignored: UTM data never causes an error.
 */
export function captureUtmParams(search: string, storage: SessionStore | undefined = browserSessionStorage()): UtmParams {
  const found = utmFromSearch(search);
  if (storage !== undefined && Object.keys(found).length > 0) {
    try {
      storage.setItem(UTM_STORAGE_KEY, JSON.stringify(found));
    } catch {
      // ignored, see above
    }
  }
  return found;
}

/** What `captureUtmParams` stored, validated (the storage is the visitor's, not ours). */
export function readUtmParams(storage: SessionStore | undefined = browserSessionStorage()): UtmParams {
  try {
    const raw = storage?.getItem(UTM_STORAGE_KEY);
    return raw ? sanitizeUtm(JSON.parse(raw)) : {};
  } catch {
    return {};
  }
}

/** Keeps only the five known keys with short string values. */
export function sanitizeUtm(value: unknown): UtmParams {
  const clean: UtmParams = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return clean;
  for (const key of UTM_KEYS) {
    const item = (value as Record<string, unknown>)[key];
    if (typeof item === 'string' && item.trim() !== '') clean[key] = item.trim().slice(0, UTM_MAX_LENGTH);
  }
  return clean;
}

function browserSessionStorage(): SessionStore | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}
