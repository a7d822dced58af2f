/** Walking a built release: its files by path, and sizes of parts of it. */
import { readdirSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';

/** Every file under root, as a path relative to it with forward slashes ('uz/product/5.html'). */
export function listFiles(root: string): string[] {
  const base = resolve(root);
  const skip = base.length + (base.endsWith(sep) ? 0 : 1);
  return readdirSync(base, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const folder = entry.parentPath.slice(skip);
      const path = folder ? `${folder}${sep}${entry.name}` : entry.name;
      return sep === '/' ? path : path.split(sep).join('/');
    });
}

export interface FolderSize {
  files: number;
  bytes: number;
}

/** How many of `files` (paths in `dir`) and their bytes. */
export function filesSize(dir: string, files: readonly string[]): FolderSize {
  return { files: files.length, bytes: files.reduce((sum, file) => sum + statSync(join(dir, file)).size, 0) };
}

export const folderSize = (dir: string): FolderSize => filesSize(dir, listFiles(dir));
