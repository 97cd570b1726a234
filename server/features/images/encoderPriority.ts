import { setPriority } from 'node:os';

/** An encoder's niceness: when the server and an encoder both want a core, the server gets it (decision 024). */
export const ENCODER_NICENESS = 10;

// Imported first by imageEncoder.ts: libvips' threads inherit the niceness of the thread that makes them.
try {
  setPriority(ENCODER_NICENESS);
} catch {
  // A platform that refuses it: the encoder runs at the server's priority, as before.
}
