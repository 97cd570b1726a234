import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root, from source (`server/`) or the bundle (`dist/server/`) alike: the server never depends on the working directory. */
function findRoot(start: string): string {
  let dir = start;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${start}`);
    dir = parent;
  }
  return dir;
}

export const ROOT_DIR = findRoot(path.dirname(fileURLToPath(import.meta.url)));
export const DIST_DIR = path.join(ROOT_DIR, 'dist');
export const PATHS = {
  manifest: path.join(DIST_DIR, 'manifest.json'),
  assets: path.join(DIST_DIR, 'client', 'assets'),
  public: path.join(ROOT_DIR, 'public'),
  data: path.join(ROOT_DIR, 'data'),
  /** The image encoder process's entry (server/features/images/imageEncoder.ts), from source and bundle alike. */
  imageEncoder: path.join(DIST_DIR, 'server', 'imageEncoder.js'),
} as const;
