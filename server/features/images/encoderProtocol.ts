import { instance, integer, literal, min, number, object, optional, record, string, union, type Infer } from 'superstruct';

// What passes between `encoderPool.ts` and `imageEncoder.ts`, checked on both sides; Buffers cross as they are.

/** The processing settings an encoder is started with (its one command-line argument, JSON). */
export const EncoderSettings = object({ maxInputPixels: min(integer(), 1), avifEffort: min(integer(), 0) });
export type EncoderSettings = Infer<typeof EncoderSettings>;

/** One variant to make: verified source bytes and ipx's modifiers, `f` settled. */
export const EncodeJob = object({ sourceId: string(), bytes: instance(Buffer), ipxModifiers: record(string(), string()) });
export type EncodeJob = Infer<typeof EncodeJob>;

/** An encoder's answer: the variant, or why it could not be made (ipx's HTTP status kept). */
export const EncodeAnswer = union([
  object({ ok: literal(true), data: instance(Buffer) }),
  object({ ok: literal(false), message: string(), statusCode: optional(number()) }),
]);
export type EncodeAnswer = Infer<typeof EncodeAnswer>;
