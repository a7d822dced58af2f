/**
 * The docs match the tree: ARCHITECTURE.md's map names every top-level folder
 * of src/, scripts/ and tests/ and every top-level file of scripts/; every
 * relative link of the README, ARCHITECTURE.md and docs/ points at a file
 * (and a heading) that exists; and the README's word on how e2e specs reach
 * the API holds.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const entries = (folder: string) => readdirSync(join(root, folder), { withFileTypes: true });

describe('ARCHITECTURE.md names the tree', () => {
  const map = read('ARCHITECTURE.md');
  /** Named as `folder/name` (or `folder/name/...`) in code, the way the map writes paths. */
  const named = (path: string) => new RegExp('`' + path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '[/`]').test(map);

  for (const folder of ['src', 'scripts', 'tests']) {
    it(`every top-level folder of ${folder}/`, () => {
      const folders = entries(folder)
        .filter((entry) => entry.isDirectory())
        .map((entry) => `${folder}/${entry.name}`);
      expect(folders.length).toBeGreaterThan(0);
      expect(folders.filter((path) => !named(path))).toEqual([]);
    });
  }

  it('every top-level file of scripts/', () => {
    const files = entries('scripts')
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((name) => !named(`scripts/${name}`) && !map.includes(`\`${name}\``))).toEqual([]);
  });
});

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
}

function anchors(markdown: string): Set<string> {
  const headings = [...markdown.replace(/```[\s\S]*?```/g, '').matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchor(m[1]!));
  return new Set(headings);
}

/** Markdown docs whose links are checked: the README, the architecture and everything under docs/. */
function docs(): string[] {
  const found = ['README.md', 'ARCHITECTURE.md'];
  const walk = (folder: string) => {
    for (const entry of entries(folder)) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) found.push(path);
    }
  };
  if (existsSync(join(root, 'docs'))) walk('docs');
  return found;
}

describe('relative links point at what exists', () => {
  for (const doc of docs()) {
    it(doc, () => {
      const text = read(doc).replace(/```[\s\S]*?```/g, '');
      const links = [...text.matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
      const broken = links.flatMap((link) => {
        if (/^[a-z][a-z+.-]*:/i.test(link)) return []; // http:, https:, mailto:
        const [path = '', hash] = link.split('#');
        const target = path === '' ? doc : relative(root, join(root, dirname(doc), decodeURIComponent(path)));
        if (!existsSync(join(root, target))) return [`${link} (no ${target})`];
        if (hash !== undefined && statSync(join(root, target)).isFile() && target.endsWith('.md')) {
          if (!anchors(read(target)).has(hash)) return [`${link} (no heading #${hash} in ${target})`];
        }
        return [];
      });
      expect(links.length).toBeGreaterThan(0);
      expect(broken).toEqual([]);
    });
  }
});

describe("the README's word on e2e specs and the API", () => {
  it('says specs reach the API only through tests/e2e/support/api.ts', () => {
    expect(read('README.md')).toContain('E2E specs reach the API only through `tests/e2e/support/api.ts`');
  });

  it('holds: no spec outside support/ calls fetch or sends its own request to the API', () => {
    const offending: string[] = [];
    const walk = (folder: string) => {
      for (const entry of entries(folder)) {
        const path = `${folder}/${entry.name}`;
        if (entry.isDirectory()) {
          if (path !== 'tests/e2e/support') walk(path);
          continue;
        }
        const code = read(path);
        // route.fetch() continues the browser's own request; a bare fetch() is a call of the spec's own.
        if (/(?<![.\w])fetch\(/.test(code)) offending.push(`${path}: fetch()`);
        // Watching the browser's requests for the API origin is fine; sending one there is not.
        if (/request\.(get|post|put|patch|delete|head|fetch)\([^;]*\b(E2E_API|API)\b/.test(code)) {
          offending.push(`${path}: request to the API`);
        }
        if (/import\s*\{[^}]*\bAPI\b[^}]*\}\s*from\s*'[^']*support\/api\.ts'/.test(code))
          offending.push(`${path}: API`);
      }
    };
    walk('tests/e2e');
    expect(offending).toEqual([]);
  });
});
