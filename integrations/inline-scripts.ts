/**
 * `virtual:inline-scripts`: the scripts a page runs in its head before any module (src/components/InlineScript.astro),
 * each a module of the site bundled by esbuild into one classic script's text at build time, so what it runs is the
 * shop's own code (the same query rules, readers and photo URLs as the modules), not a copy of it. Every page's
 * Content-Security-Policy allows them by their hashes (`inlineScriptHashes`, in astro.config.mjs): one policy for
 * every page, whichever of them a build renders.
 */
import { createHash } from 'node:crypto';
import { build } from 'esbuild';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const ID = 'virtual:inline-scripts';

/** Each inline script's entry module, under the site's root. */
const ENTRIES = { searchHead: 'src/features/search/ui/head.ts' };

/** The text of one entry, bundled as a classic script. */
async function bundled(root: string, entry: string): Promise<string> {
  const result = await build({
    entryPoints: [join(root, entry)],
    absWorkingDir: root,
    bundle: true,
    format: 'iife',
    minify: true,
    write: false,
    platform: 'browser',
    target: 'es2022',
    legalComments: 'none',
  });
  return result.outputFiles[0]!.text.trim();
}

const scripts = new Map<string, Promise<[name: string, text: string][]>>();

/** Every inline script's name and text, bundled once per root. */
function inlineScripts(root: string): Promise<[name: string, text: string][]> {
  let found = scripts.get(root);
  if (!found) {
    found = Promise.all(Object.entries(ENTRIES).map(async ([name, entry]) => [name, await bundled(root, entry)]));
    scripts.set(root, found);
  }
  return found;
}

/** The inline scripts' hashes, for every page's script-src. */
export async function inlineScriptHashes(root: string): Promise<`sha256-${string}`[]> {
  return (await inlineScripts(root)).map(
    ([, text]) => `sha256-${createHash('sha256').update(text).digest('base64')}` as const,
  );
}

export function inlineScriptsModule(root: string): Plugin {
  return {
    name: 'bozor-inline-scripts',
    resolveId: (id) => (id === ID ? `\0${ID}` : null),
    async load(id) {
      if (id !== `\0${ID}`) return null;
      const found = await inlineScripts(root);
      return found.map(([name, text]) => `export const ${name} = ${JSON.stringify(text)};`).join('\n');
    },
  };
}
