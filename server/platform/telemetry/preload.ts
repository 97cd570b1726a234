import { register } from 'node:module';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { loadConfig, type TracingConfig } from '../config/env.ts';
import { startTracing } from './tracing.ts';

/**
 * Given to node before the server (`node --import ./dist/server/telemetry.js dist/server/index.js`,
 * the Procfile and npm scripts): the ESM loader hook and the SDK must be in place before `pg`,
 * `http` and the rest are imported, or their instrumentations never see them (the server bundle
 * keeps every package external for this, esbuild.config.ts). Without OTEL_EXPORTER_OTLP_ENDPOINT
 * it does nothing; an invalid environment is left to server/index.ts to report.
 */
function tracingConfig(): TracingConfig | undefined {
  try {
    return loadConfig().tracing;
  } catch {
    return undefined;
  }
}

const tracing = tracingConfig();
if (tracing !== undefined) {
  // Only the modules an instrumentation asked for are wrapped, not every module the server imports.
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);
  const sdk = startTracing({ serviceName: tracing.serviceName, trustIncoming: tracing.trustIncoming });
  // The spans still batched go out before the process ends (server/platform/process/shutdown.ts stops the server first).
  process.once('beforeExit', () => void sdk.shutdown());
  await waitForAllMessagesAcknowledged();
}
