import { stat } from 'node:fs/promises';
import path from 'node:path';

/** Each cover's byte size (RSS `<enclosure length>`), read once per path per process; a cover missing or outside public/ has none. */
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
