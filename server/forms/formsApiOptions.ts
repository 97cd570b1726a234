import type { Config } from '../config/env.ts';
import type { LeadCapture } from '../leads/leadCapture.ts';
import type { Logger } from '../logging/logger.ts';

/** What the form endpoints need: their settings, a logger and the leads side. */
export interface FormsApiOptions {
  readonly config: Pick<Config, 'forms' | 'leads' | 'webConcurrency' | 'publicBaseUrl'>;
  readonly logger: Logger;
  /** The store and outbox; a function so the app can open them lazily (tests, tools). */
  readonly leads: () => Promise<LeadCapture>;
}
