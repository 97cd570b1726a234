import type { Config } from '../../../platform/config/env.ts';
import type { LeadCapture } from '../leadCapture.ts';
import type { Logger } from '../../../platform/logging/logger.ts';

/** What the form endpoints need: their settings, a logger and the leads side. */
export interface FormsApiOptions {
  readonly config: Pick<Config, 'forms' | 'leads' | 'webConcurrency' | 'publicBaseUrl'>;
  readonly logger: Logger;
  /** The store and outbox; a function so the app can open them lazily (tests, tools). */
  readonly leads: () => Promise<LeadCapture>;
}
