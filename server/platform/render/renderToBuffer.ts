import { Writable } from 'node:stream';
import type { PipeableStream } from 'react-dom/server';

/**
 * All a render writes, as one buffer, for a render whose every boundary is ready (call it from
 * `onAllReady`): the site sends whole documents, styles put into the head first
 * (docs/decisions/003), so React's stream is read to its end before anything is sent.
 */
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
