/**
 * Parts of the page that every page would otherwise repeat (issue 21: page
 * weight), built once per language as files of the site: the header's
 * category list (pages/[lang]/category-menu.astro) and the footer's dialogs
 * (pages/[lang]/dialogs.astro). Fetched when first wanted, then kept for the
 * page's life; a failure is remembered until the next try.
 */
import { atom, type ReadableAtom } from 'nanostores';

export type SiteFragment = { state: 'idle' | 'loading' | 'failed' } | { state: 'loaded'; html: string };

const fragments = new Map<string, ReturnType<typeof atom<SiteFragment>>>();

function store(url: string) {
  let fragment = fragments.get(url);
  if (!fragment) fragments.set(url, (fragment = atom<SiteFragment>({ state: 'idle' })));
  return fragment;
}

/** The fragment at `url`, as it stands. */
export const siteFragment = (url: string): ReadableAtom<SiteFragment> => store(url);

/** Fetches the fragment at `url` unless it is loaded or on its way; its markup, or null when it cannot load. */
export async function loadSiteFragment(url: string): Promise<string | null> {
  const fragment = store(url);
  const now = fragment.get();
  if (now.state === 'loaded') return now.html;
  if (now.state !== 'loading') {
    fragment.set({ state: 'loading' });
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      fragment.set({ state: 'loaded', html: await response.text() });
    } catch {
      fragment.set({ state: 'failed' });
    }
  }
  const settled = await new Promise<SiteFragment>((resolve) => {
    const stop = fragment.subscribe((value) => {
      if (value.state === 'loaded' || value.state === 'failed') {
        queueMicrotask(() => stop());
        resolve(value);
      }
    });
  });
  return settled.state === 'loaded' ? settled.html : null;
}
