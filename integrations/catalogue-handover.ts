/**
 * The rebuild hands the build the catalogue it read and checked (src/data/catalogue-file.ts), in a folder
 * (BUILD_CATALOGUE). It reads it while Astro starts and bundles, so the build waits for the handover, a last file
 * saying the others are whole, only when it needs the pages' data (integrations/page-selection.ts).
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** What the handover says besides the catalogue: the hash of the data every page shows (the categories' menu). */
export interface Handover {
  sharedData: string;
}

const HANDOVER = 'handover.json';
/** How often the build looks for the handover. */
const LOOK_EVERY_MS = 20;

/** Written once both languages' files are whole, and at once (renamed into place). */
export function handOver(folder: string, handover: Handover): void {
  const part = join(folder, `.${HANDOVER}`);
  writeFileSync(part, JSON.stringify(handover));
  renameSync(part, join(folder, HANDOVER));
}

/**
 * Waits for the handover in `folder`. The rebuild that started this build stops it when the catalogue is refused;
 * a build whose rebuild died without stopping it (its parent process changed) gives up rather than wait forever.
 */
export async function handedOver(folder: string): Promise<Handover> {
  const parent = process.ppid;
  for (;;) {
    try {
      return JSON.parse(readFileSync(join(folder, HANDOVER), 'utf8')) as Handover;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (process.ppid !== parent) throw new Error(`the rebuild handing over the catalogue in ${folder} is gone`);
    await sleep(LOOK_EVERY_MS);
  }
}
