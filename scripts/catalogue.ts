/**
 * `npm run catalogue -- <folder>`: reads the catalogue from API_URL once, paced like the nightly rebuild, into a
 * folder that builds on other machines take instead of reading the API themselves: each shard of a sharded night
 * (`BUILD_CATALOGUE=<folder> npm run build -- --shard i/n`) and their merge
 * (`BUILD_CATALOGUE=<folder> npm run rebuild -- --merge <shard>…`). The last night's reads are those of the live
 * release in RELEASES_DIR, when it is there. Exits 2 when the API's answers are refused, 1 on any other failure.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { apiLine, readCatalogueInto } from './rebuild/catalogue.ts';
import { Refusal } from './rebuild/gate.ts';
import { currentRelease, readsPath, releasesDirFromEnv } from './rebuild/releases.ts';

const [folder] = process.argv.slice(2);
if (!folder) {
  console.error('Usage: npm run catalogue -- <folder>');
  process.exit(1);
}
const releases = releasesDirFromEnv();
const live = currentRelease(releases);
try {
  mkdirSync(resolve(folder), { recursive: true });
  const facts = await readCatalogueInto(
    process.env['API_URL'] || 'http://localhost:8787',
    resolve(folder),
    live ? readsPath(releases, live) : null,
  );
  console.log(`[catalogue] ${apiLine(facts.api)}`);
  console.log(`[catalogue] ${facts.counts.uz.products} products read into ${folder}`);
} catch (error) {
  console.error(`Catalogue not read: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(error instanceof Refusal ? 2 : 1);
}
