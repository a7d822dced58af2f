/** Walking a built release: its files by path, and sizes of parts of it. */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Every file under root, as a path relative to it with forward slashes ('uz/product/5.html'). */
export function listFiles(root: string): string[] {
  return readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

export interface FolderSize {
  files: number;
  bytes: number;
}

export function folderSize(dir: string): FolderSize {
  const files = listFiles(dir);
  return { files: files.length, bytes: files.reduce((sum, file) => sum + statSync(join(dir, file)).size, 0) };
}
