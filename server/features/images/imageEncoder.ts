// First: the process's lower priority, before any other module starts a thread.
import './encoderPriority.ts';
import sharp from 'sharp';
import { create } from 'superstruct';
import { EncodeJob, EncoderSettings, type EncodeAnswer } from './encoderProtocol.ts';
import { createImageProcessor } from './processImage.ts';

/**
 * An encoder process (built to `dist/server/imageEncoder.js`, started by `encoderPool.ts`): one
 * variant at a time through the service's own processing, in a process of its own so that the
 * pool can kill it once every client of its job has left (docs/decisions/024-…).
 */

const send = process.send?.bind(process);
if (send === undefined) {
  process.stderr.write('imageEncoder: started without an IPC channel\n');
  process.exit(1);
}

// The parent keeps every variant on disk: libvips' cache of recent operations would only grow
// this process.
sharp.cache(false);
const processImage = createImageProcessor(create(JSON.parse(process.argv[2] ?? '{}'), EncoderSettings));

process.on('message', (message) => {
  void encode(message).then((answer) => send(answer));
});

// The parent is gone (stopped, crashed, killed): nobody is left to answer, and an encoder must
// never outlive it.
process.on('disconnect', () => process.exit(0));

async function encode(message: unknown): Promise<EncodeAnswer> {
  try {
    const job = create(message, EncodeJob);
    return { ok: true, data: await processImage(job.sourceId, job.bytes, job.ipxModifiers) };
  } catch (error) {
    const statusCode = (error as { statusCode?: unknown } | undefined)?.statusCode;
    return {
      ok: false,
      message: error instanceof Error ? error.message : String(error),
      ...(typeof statusCode === 'number' ? { statusCode } : {}),
    };
  }
}
