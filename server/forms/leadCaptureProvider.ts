import type { Config } from '../config/env.ts';
import { startLeadCapture, type LeadCapture } from '../leads/leadCapture.ts';
import type { Logger } from '../logging/logger.ts';

/**
 * The lead capture the form endpoints use: the one `server/index.ts` started (with its outbox
 * and purge schedules and shutdown), or — for an app built without one, as in tests of other
 * features — opened on first use from the configuration, without schedules.
 */
export function leadCaptureProvider(started: LeadCapture | undefined, config: Config, logger: Logger): () => Promise<LeadCapture> {
  if (started !== undefined) return () => Promise.resolve(started);
  let opening: Promise<LeadCapture> | undefined;
  return () => {
    opening ??= startLeadCapture(config, logger, { schedule: false });
    return opening;
  };
}
