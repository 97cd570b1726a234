import { Writable } from 'node:stream';
import type { PipeableStream } from 'react-dom/server';

/** All a render writes as one buffer (from `onAllReady`): styles go into the head first (decision 003). */
export function renderedBuffer(pipe: PipeableStream['pipe']): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    pipe(
      new Writable({
        // React takes the destination's 'close' for a client gone and builds an abort error (a
        // stack trace) for a render that has already finished; nothing here closes it early.
        emitClose: false,
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
        final(done) {
          resolve(Buffer.concat(chunks));
          done();
        },
        destroy(error, done) {
          if (error !== null) reject(error);
          done(error);
        },
      }),
    );
  });
}
