/**
 * sonner (the toasts) inserts its stylesheet as a <style> element when it
 * loads; the CSP allows exactly that text by its hash rather than any inline
 * style. The hashes come from loading the installed package under a stand-in
 * document that records what it inserts, so an upgrade keeps them right and
 * a change in how sonner styles itself fails the build instead of the page.
 */
import { createHash } from 'node:crypto';

type StyleHash = `sha256-${string}`;
type Recorded = { tagName: string; textContent: string };

/** A document with only what inserting a <style> needs; every element appended to the head is recorded. */
export function styleRecorder() {
  const inserted: Recorded[] = [];
  const element = (tagName: string) => {
    const node = {
      tagName: tagName.toUpperCase(),
      textContent: '',
      appendChild(child: { textContent: string }) {
        node.textContent += child.textContent;
        return child;
      },
    };
    return node;
  };
  const head = {
    appendChild(node: Recorded) {
      inserted.push(node);
      return node;
    },
  };
  const document = {
    head,
    getElementsByTagName: (name: string) => (name.toLowerCase() === 'head' ? [head] : []),
    createElement: element,
    createTextNode: (text: string) => ({ textContent: text }),
  };
  /** The text of each <style> inserted so far. */
  const styles = () => inserted.filter((node) => node.tagName === 'STYLE').map((node) => node.textContent);
  return { document, styles };
}

/** The text of every <style> sonner inserts as it loads (a fresh instance of the module each call). */
export async function sonnerStyles(): Promise<string[]> {
  const recorder = styleRecorder();
  const global = globalThis as { document?: unknown };
  const own = Object.getOwnPropertyDescriptor(global, 'document');
  global.document = recorder.document;
  try {
    // A query makes the module load again even where it was loaded before (a dev server restarting).
    await import(/* @vite-ignore */ `${import.meta.resolve('sonner')}?style=${Date.now()}`);
  } finally {
    if (own) Object.defineProperty(global, 'document', own);
    else delete global.document;
  }
  const styles = recorder.styles();
  // An empty text means sonner filled its <style> some way the stand-in does not record.
  if (styles.length === 0 || styles.includes(''))
    throw new Error('sonner inserted no style text the stand-in document could record: the CSP has no hash for it');
  return styles;
}

/** The CSP source of a style text. */
export const styleHash = (text: string): StyleHash => `sha256-${createHash('sha256').update(text).digest('base64')}`;

/** The CSP hashes of sonner's inserted styles. */
export async function sonnerStyleHashes(): Promise<StyleHash[]> {
  return (await sonnerStyles()).map(styleHash);
}
