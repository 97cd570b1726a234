import type { ContentApi } from '../content/contentApi.ts';
import type { FormResult } from '../forms/formResult.ts';
import type { UploadLimits } from '../forms/uploads.ts';

/** What the server hands every loader; a type only, so no server code reaches the browser bundle. */
export interface LoaderContext {
  /** Canonical origin from configuration (§2: canonical = public base + path). */
  readonly publicBaseUrl: string;
  /** Everything the content service says (§1, §3, §7); an outage arrives as a 503 route error. */
  readonly content: ContentApi;
  /** §7/§9 Yandex Maps JS API key; the root loader hands it to the browser (maps are optional). */
  readonly yandexMapsApiKey?: string | undefined;
  /** UPLOAD_MAX_FILES and UPLOAD_MAX_FILE_MIB as the server enforces them; the root loader tells the browser. */
  readonly uploadLimits: UploadLimits;
  /** An editor's preview (docs/decisions/021): the content is the working copy, and the pages say so. */
  readonly preview: boolean;
  /** What a form posted without JavaScript led to, for the page it returned to (decision 030). */
  readonly formResult?: FormResult | undefined;
}
