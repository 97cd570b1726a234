import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { is } from 'superstruct';
import type { Logger } from '../../platform/logging/logger.ts';
import { EncodeAnswer, type EncodeJob, type EncoderSettings } from './encoderProtocol.ts';
import { ClientLeft, ImageError } from './imageError.ts';

export interface EncoderPoolOptions {
  /** The built encoder entry (`dist/server/imageEncoder.js`). */
  readonly entry: string;
  /** Most encoder processes at once, working or idle. */
  readonly size: number;
  readonly settings: EncoderSettings;
  readonly logger: Logger;
  /** An encoder idle this long exits (it is started again for the next job). */
  readonly idleMs?: number;
}

/** The answer to a job whose encoder died or could not start; logged here, never shown. */
export const ENCODE_FAILED_MESSAGE = 'Не удалось обработать изображение';
const STOPPING_MESSAGE = 'Сервис изображений останавливается';

/** Starting an encoder in cost units, measured (decision 044): killing a cheaper job for a new encoder costs more than it saves. */
export const ENCODER_START_COST = 8.5;

/** Idle encoders are kept this long: a page asks for its new variants within a few seconds. */
const IDLE_MS = 30_000;

/** V8 heap of an encoder, in MiB: one job's messages; the pixels are libvips' memory, bounded before a job. */
const ENCODER_HEAP_MIB = 64;

interface Waiter {
  readonly start: (encoder: ChildProcess) => void;
  readonly fail: (error: Error) => void;
}

/** Encoder processes, one job each, so an abandoned encode can be killed (decision 044); at most `size`; idle ones exit. */
export class EncoderPool {
  /** Encoders free for a job, with the timer that ends each. */
  readonly #idle = new Map<ChildProcess, NodeJS.Timeout>();
  readonly #working = new Set<ChildProcess>();
  readonly #waiting: Waiter[] = [];
  #closed = false;

  constructor(readonly options: EncoderPoolOptions) {}

  /** Process ids of the encoders running a job now. */
  get working(): number[] {
    return [...this.#working].flatMap((encoder) => (encoder.pid === undefined ? [] : [encoder.pid]));
  }

  /** Process ids of every encoder, working or idle. */
  get pids(): number[] {
    return [...this.#idle.keys(), ...this.#working].flatMap((encoder) => (encoder.pid === undefined ? [] : [encoder.pid]));
  }

  /** The variant; ClientLeft when `signal` aborts before it is sent or during a `stoppable` job, 500 when the encoder dies. */
  async encode(job: EncodeJob, signal: AbortSignal, options: { readonly stoppable: boolean }): Promise<Buffer> {
    const encoder = await this.#take(signal);
    return this.#run(encoder, job, signal, options.stoppable);
  }

  /** Kills every encoder; jobs still running or waiting are refused with a 503. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const waiter of this.#waiting.splice(0)) waiter.fail(new ImageError(503, STOPPING_MESSAGE));
    for (const timer of this.#idle.values()) clearTimeout(timer);
    const encoders = [...this.#idle.keys(), ...this.#working];
    this.#idle.clear();
    await Promise.all(
      encoders.map(async (encoder) => {
        if (encoder.exitCode !== null || encoder.signalCode !== null) return;
        // An idle one is unreferenced: without this the loop could end before it is gone.
        encoder.ref();
        const exited = once(encoder, 'exit');
        encoder.kill('SIGKILL');
        await exited;
      }),
    );
  }

  async #take(signal: AbortSignal): Promise<ChildProcess> {
    if (signal.aborted) throw new ClientLeft();
    if (this.#closed) throw new ImageError(503, STOPPING_MESSAGE);
    const free = this.#waiting.length === 0 ? this.#claim() : undefined;
    if (free !== undefined) return free;
    return new Promise<ChildProcess>((resolve, reject) => {
      const waiter: Waiter = {
        start: (encoder) => {
          signal.removeEventListener('abort', drop);
          resolve(encoder);
        },
        fail: (error) => {
          signal.removeEventListener('abort', drop);
          reject(error);
        },
      };
      const drop = () => {
        const index = this.#waiting.indexOf(waiter);
        if (index !== -1) this.#waiting.splice(index, 1);
        reject(new ClientLeft());
      };
      signal.addEventListener('abort', drop, { once: true });
      this.#waiting.push(waiter);
    });
  }

  /** An idle encoder, else a new one if there is room. */
  #claim(): ChildProcess | undefined {
    for (const [encoder, timer] of this.#idle) {
      clearTimeout(timer);
      this.#idle.delete(encoder);
      this.#working.add(encoder);
      return encoder;
    }
    if (this.#working.size >= this.options.size) return undefined;
    const encoder = this.#start();
    this.#working.add(encoder);
    return encoder;
  }

  #start(): ChildProcess {
    const encoder = fork(this.options.entry, [JSON.stringify(this.options.settings)], {
      serialization: 'advanced',
      execArgv: [`--max-old-space-size=${ENCODER_HEAP_MIB}`, '--enable-source-maps'],
      // Its standard error is the server's: a crash's own message is not lost.
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // Without a listener an 'error' (a failed start, a failed kill) would end the server.
    encoder.on('error', (error) => this.options.logger.error({ err: error, encoderPid: encoder.pid }, 'image encoder failed'));
    encoder.once('exit', () => {
      const timer = this.#idle.get(encoder);
      if (timer === undefined) return;
      clearTimeout(timer);
      this.#idle.delete(encoder);
    });
    return encoder;
  }

  #run(encoder: ChildProcess, job: EncodeJob, signal: AbortSignal, stoppable: boolean): Promise<Buffer> {
    return new Promise<Buffer>((resolve, reject) => {
      let settled = false;
      const finish = (reusable: boolean): boolean => {
        if (settled) return false;
        settled = true;
        encoder.off('message', onMessage);
        encoder.off('exit', onExit);
        encoder.off('error', onError);
        signal.removeEventListener('abort', onAbort);
        if (!reusable) encoder.kill('SIGKILL');
        this.#free(encoder, reusable);
        return true;
      };
      const onMessage = (answer: unknown) => {
        const valid = is(answer, EncodeAnswer);
        if (!finish(valid)) return;
        if (!valid) {
          this.options.logger.error({ encoderPid: encoder.pid }, 'image encoder answered something else than a variant');
          reject(new ImageError(500, ENCODE_FAILED_MESSAGE));
        } else if (answer.ok) {
          resolve(answer.data);
        } else {
          reject(Object.assign(new Error(answer.message), answer.statusCode === undefined ? {} : { statusCode: answer.statusCode }));
        }
      };
      const onExit = (code: number | null, exitSignal: NodeJS.Signals | null) => {
        if (!finish(false)) return;
        if (this.#closed) {
          reject(new ImageError(503, STOPPING_MESSAGE));
          return;
        }
        this.options.logger.error({ encoderPid: encoder.pid, code, signal: exitSignal }, 'image encoder exited during a job');
        reject(new ImageError(500, ENCODE_FAILED_MESSAGE));
      };
      // Logged by the encoder's own listener (`#start`).
      const onError = () => {
        if (finish(false)) reject(new ImageError(500, ENCODE_FAILED_MESSAGE));
      };
      const onAbort = () => {
        if (!finish(false)) return;
        this.options.logger.debug({ encoderPid: encoder.pid }, 'image encode stopped: its clients left');
        reject(new ClientLeft());
      };
      if (signal.aborted) {
        // Nothing sent yet: the encoder is as good as it was.
        finish(true);
        reject(new ClientLeft());
        return;
      }
      encoder.on('message', onMessage);
      encoder.once('exit', onExit);
      encoder.once('error', onError);
      if (stoppable) signal.addEventListener('abort', onAbort, { once: true });
      // A working encoder keeps the server's event loop alive, an idle one does not (`#free`).
      encoder.ref();
      encoder.channel?.ref();
      encoder.send(job, (error) => {
        if (error !== null) onError();
      });
    });
  }

  /** Back to the idle ones (unless killed), then the next waiting job gets an encoder. */
  #free(encoder: ChildProcess, reusable: boolean): void {
    this.#working.delete(encoder);
    if (reusable && !this.#closed) {
      encoder.unref();
      encoder.channel?.unref();
      const timer = setTimeout(() => {
        this.#idle.delete(encoder);
        encoder.kill('SIGKILL');
      }, this.options.idleMs ?? IDLE_MS);
      timer.unref();
      this.#idle.set(encoder, timer);
    }
    for (let next = this.#waiting[0]; next !== undefined; next = this.#waiting[0]) {
      const free = this.#claim();
      if (free === undefined) return;
      this.#waiting.shift();
      next.start(free);
    }
  }
}
