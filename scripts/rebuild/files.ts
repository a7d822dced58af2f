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

export function folderSize(dir: string): FolderSize {
  const files = listFiles(dir);
  return { files: files.length, bytes: files.reduce((sum, file) => sum + statSync(join(dir, file)).size, 0) };
}
