/**
 * The docs match the tree: ARCHITECTURE.md's map names every top-level folder
 * of src/, scripts/ and tests/ and every top-level file of scripts/; every
 * relative link of the README, ARCHITECTURE.md, api/README.md and docs/ points
 * at a file (and a heading) that exists; and every npm command they tell a
 * reader to run is a script of package.json.
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
        // Hidden folders (scratch space such as .tmp/) are not part of the tree.
        .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
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

/** Markdown docs whose links are checked: the READMEs, the architecture and everything under docs/. */
function docs(): string[] {
  const found = ['README.md', 'ARCHITECTURE.md', 'api/README.md'];
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

describe('the commands the docs name exist', () => {
  const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);

  it('the README names npm install, npm start and npm test', () => {
    const readme = read('README.md');
    for (const command of ['npm install', 'npm start', 'npm test']) expect(readme).toContain(command);
    expect(scripts).toEqual(expect.arrayContaining(['start', 'test']));
  });

  for (const doc of docs()) {
    it(`every npm command of ${doc} is a script of package.json`, () => {
      const named = [...read(doc).matchAll(/\bnpm (?:run ([\w:-]+)|(start|test)\b)/g)].map((m) => m[1] ?? m[2]!);
      expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
    });
  }
});
