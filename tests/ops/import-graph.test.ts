/**
 * The shop's import graph (src/ and contract/), read here because ESLint's zones see one import at a time:
 * - no import circles: type-only and dynamic imports count too, since a circle of either still hides which module
 *   is the rule and which the user of it (ESLint's no-cycle skips both);
 * - no stylesheet behind a feature's index.ts: a stylesheet is bundled with every page whose scripts import a module
 *   that reaches it, used or not, so an index that names a module with one puts it on every page that imports the
 *   index.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const MODULE = /\.(ts|tsx|astro)$/;
const IMPORT =
  /(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

function modulesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && MODULE.test(entry.name) && !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The modules a module imports, by absolute path: relative and `#contract/` specifiers that name a file. */
function importsOf(file: string, text: string, kind = MODULE): string[] {
  return [...text.matchAll(IMPORT)].flatMap((match) => {
    const written = (match[1] ?? match[2] ?? match[3])!;
    // A stylesheet asked for as a URL (`?url`) is fetched when used, not bundled with the page.
    if (kind !== MODULE && written.includes('?')) return [];
    const specifier = written.replace(/\?.*$/, '');
    const path = specifier.startsWith('#contract/')
      ? join(root, 'contract', specifier.slice('#contract/'.length))
      : specifier.startsWith('.')
        ? resolve(dirname(file), specifier)
        : null;
    return path && kind.test(path) && existsSync(path) ? [path] : [];
  });
}

/** Every strongly connected group of two or more modules (or a module importing itself): Tarjan's algorithm. */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || graph.get(node)?.includes(node)) found.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** The modules `entry` reaches by static imports (not `import()`), itself included. */
function reached(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8').replace(/import\s*\(\s*['"][^'"]+['"]\s*\)/g, '');
    for (const next of importsOf(file, text)) visit(next);
  };
  visit(entry);
  return seen;
}

describe('import circles', () => {
  it('are found, type-only and dynamic imports included', () => {
    const file = join(root, 'src/a.ts');
    const text = "import type { B } from './b.ts';\nconst c = () => import('./c.ts');\nimport './d.css';";
    expect(importsOf(file, text)).toEqual([]); // none of them exists
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
      ['e', ['e']],
    ]);
    expect(circles(graph)).toEqual([['a', 'b', 'c'], ['e']]);
  });

  it('none among the modules of src/ and contract/', () => {
    const modules = [...modulesUnder('src'), ...modulesUnder('contract')];
    expect(modules.length).toBeGreaterThan(100);
    const graph = new Map(modules.map((file) => [file, importsOf(file, readFileSync(file, 'utf8'))]));
    // The graph is real: the shop's modules import one another.
    expect([...graph.values()].flat().length).toBeGreaterThan(modules.length);
    expect(circles(graph).map((group) => group.map((file) => relative(root, file)))).toEqual([]);
  });
});

describe("a feature's index.ts", () => {
  const indexes = readdirSync(join(root, 'src/features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(root, 'src/features', entry.name, 'index.ts'));

  it('is read through its static imports only, and a stylesheet is found', () => {
    const checkout = join(root, 'src/features/checkout/ui/CheckoutPage.tsx');
    const styles = [...reached(checkout)].flatMap((file) => importsOf(file, readFileSync(file, 'utf8'), /\.css$/));
    expect(styles.map((file) => relative(root, file))).toContain('src/features/checkout/ui/checkout.css');
  });

  it('reaches no stylesheet', () => {
    expect(indexes.length).toBeGreaterThan(5);
    const styled = indexes.flatMap((index) =>
      [...reached(index)].flatMap((file) =>
        importsOf(file, readFileSync(file, 'utf8'), /\.css$/).map(
          (style) => `${relative(root, index)} → ${relative(root, file)} → ${relative(root, style)}`,
        ),
      ),
    );
    expect(styled).toEqual([]);
  });
});
