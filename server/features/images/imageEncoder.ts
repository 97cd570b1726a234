// First: the process's lower priority, before any other module starts a thread.
import './encoderPriority.ts';
import sharp from 'sharp';
import { create } from 'superstruct';
import { EncodeJob, EncoderSettings, type EncodeAnswer } from './encoderProtocol.ts';
import { createImageProcessor } from './processImage.ts';

/** An encoder process (`dist/server/imageEncoder.js`, started by `encoderPool.ts`): one variant at a time. */

const send = process.send?.bind(process);
if (send === undefined) {
  process.stderr.write('imageEncoder: started without an IPC channel\n');
  process.exit(1);
}

// The parent keeps every variant on disk: libvips' operation cache would only grow this process.
sharp.cache(false);
const processImage = createImageProcessor(create(JSON.parse(process.argv[2] ?? '{}'), EncoderSettings));

process.on('message', (message) => {
  void encode(message).then((answer) => send(answer));
});

// An encoder never outlives its parent (stopped, crashed or killed).
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
