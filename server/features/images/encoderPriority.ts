import { setPriority } from 'node:os';

/**
 * The niceness of an encoder process: when the web server and encoders (a 3072 px AVIF is about
 * 4 s of CPU) both want a core, the kernel gives it to the server first. The cost budget bounds
 * what runs (decision 024); the niceness says who waits.
 */
export const ENCODER_NICENESS = 10;

// Imported first by imageEncoder.ts, before sharp and libvips start their threads: Linux gives a
// thread's niceness to the threads it creates, and `setPriority` sets the calling thread's.
try {
  setPriority(ENCODER_NICENESS);
} catch {
  // A platform that refuses it: the encoder runs at the server's priority, as before.
}
