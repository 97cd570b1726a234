import { readdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';

/** Whether a process of this id still exists (an exited child of ours is reaped by Node at once). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The fields of /proc/<pid>/stat after the command's name (which may hold spaces and parentheses). */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** CPU seconds (user and system) a live process has used; Linux only, as the tests' machines are. */
export function cpuSeconds(pid: number): number {
  const fields = statFields(pid);
  // utime and stime are the 14th and 15th fields of stat(5), the 12th and 13th after the name.
  return fields === undefined ? 0 : (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The ids of a process's children. */
export function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((candidate) => statFields(candidate)?.[1] === String(pid));
}

/**
 * A PNG of noise, which no encoder can make cheap: at 3072×2048 and AVIF effort 9 an encode takes
 * far longer than any test waits.
 */
export async function noisePng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 7919) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}
