import { stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The byte size of each cover file under public/ (RSS 2.0's `<enclosure length>` is the file's
 * size, and Atom's enclosure link says it too), read once per path for the process: a cover's
 * file comes with the build (`npm run images`), and a new build starts a new process. A cover
 * that is not there, or a path that would leave public/, has no size: its item goes without an
 * enclosure rather than with a made-up length.
 */
export function coverSizeReader(publicDir: string): (covers: Iterable<string>) => Promise<ReadonlyMap<string, number>> {
  const root = path.resolve(publicDir);
  const known = new Map<string, Promise<number | undefined>>();
  const sizeOf = (cover: string) => {
    let size = known.get(cover);
    if (size === undefined) {
      const file = path.resolve(root, `.${cover}`);
      size = file.startsWith(`${root}${path.sep}`)
        ? stat(file).then(
            (found) => (found.isFile() ? found.size : undefined),
            () => undefined,
          )
        : Promise.resolve(undefined);
      known.set(cover, size);
    }
    return size;
  };
  return async (covers) => {
    const unique = [...new Set(covers)];
    const sizes = await Promise.all(unique.map(sizeOf));
    return new Map(unique.flatMap((cover, index) => (sizes[index] === undefined ? [] : [[cover, sizes[index]] as const])));
  };
}
