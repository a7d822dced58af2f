/**
 * The CSP's hash of sonner's stylesheet (integrations/sonner-style.ts). No DOM
 * library is installed, so the stand-in document is checked against what a
 * document does with a <style>, and its capture against sonner's own
 * stylesheet; that the built CSP lets the inserted <style> apply is the toast
 * test of tests/e2e/site/react.spec.ts (no CSP refusal, sonner's colours).
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { sonnerStyleHashes, sonnerStyles, styleHash, styleRecorder } from '../../integrations/sonner-style.ts';

/** The custom properties and data-attributes a stylesheet names: what makes it sonner's. */
const names = (css: string) => new Set(css.match(/--[\w-]+(?=\s*:)|\[data-[\w-]+/g));

describe("sonner's inserted stylesheet", () => {
  it('records the text of every <style> appended to the head, however it is filled', () => {
    const { document, styles } = styleRecorder();
    const first = document.createElement('style');
    first.appendChild(document.createTextNode('a{color:red}'));
    first.appendChild(document.createTextNode('b{color:blue}'));
    document.head.appendChild(first);
    const second = document.createElement('style');
    second.textContent = 'i{margin:0}';
    document.getElementsByTagName('head')[0]?.appendChild(second);
    document.head.appendChild(document.createElement('div'));
    expect(styles()).toEqual(['a{color:red}b{color:blue}', 'i{margin:0}']);
  });

  it('is the stylesheet sonner ships, captured as it loads, and leaves no document behind', async () => {
    const [text, ...more] = await sonnerStyles();
    expect(more).toEqual([]);
    const shipped = await readFile(new URL('../../node_modules/sonner/dist/styles.css', import.meta.url), 'utf8');
    // The inserted text is minified (its order too), so the two are compared by what they name.
    expect(names(shipped).size).toBeGreaterThan(20);
    expect(names(text ?? '')).toEqual(names(shipped));
    expect('document' in globalThis).toBe(false);
  });

  it('hashes each inserted text the way a CSP does, the same on every load', async () => {
    const styles = await sonnerStyles();
    expect(await sonnerStyleHashes()).toEqual(styles.map(styleHash));
    expect(styleHash('a{color:red}')).toBe('sha256-6hWWMOcF+mJesSJGYhmK2lkIIEw9Xc5XKGLPVzh8yxs=');
  });
});
