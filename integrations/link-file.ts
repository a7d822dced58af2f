/** Linking a built file into another build (the site build's page reuse, the index's parts, the shards' merge). */
import { copyFileSync, linkSync, mkdirSync } from 'node:fs';
import { copyFile, link } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Hard-links `from` at `to`, making its folder (a copy where the disk allows no link, such as across disks): builds
 * are never written to once made, so they can share files. `folders` keeps the folders already made, for callers
 * linking thousands of files into a few folders.
 */
export function linkFile(from: string, to: string, folders?: Set<string>): void {
  const folder = dirname(to);
  if (!folders?.has(folder)) {
    mkdirSync(folder, { recursive: true });
    folders?.add(folder);
  }
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

/**
 * linkFile for many files at once, through the file system's thread pool: the caller's thread stays free for other
 * work meanwhile (Pagefind's index parts are linked while it writes the others).
 */
export async function linkFiles(pairs: readonly (readonly [from: string, to: string])[]): Promise<void> {
  for (const folder of new Set(pairs.map(([, to]) => dirname(to)))) mkdirSync(folder, { recursive: true });
  await Promise.all(pairs.map(([from, to]) => link(from, to).catch(() => copyFile(from, to))));
}
