/**
 * Parts of the page that every page would otherwise repeat (so pages stay
 * light), built once per language as files of the site: the header's
 * category list, the footer's dialogs and the card the product page's related
 * products copy (pages/[lang]/[fragment].astro). Fetched when first wanted, then kept for the
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

const loads = new Map<string, Promise<string | null>>();

/** Fetches the fragment at `url` unless it is loaded or on its way; its markup, or null when it cannot load. */
export function loadSiteFragment(url: string): Promise<string | null> {
  const now = store(url).get();
  if (now.state === 'loaded') return Promise.resolve(now.html);
  let load = loads.get(url);
  if (!load) {
    load = fetchFragment(url).finally(() => loads.delete(url));
    loads.set(url, load);
  }
  return load;
}

async function fetchFragment(url: string): Promise<string | null> {
  const fragment = store(url);
  fragment.set({ state: 'loading' });
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    const html = await response.text();
    fragment.set({ state: 'loaded', html });
    return html;
  } catch {
    fragment.set({ state: 'failed' });
    return null;
  }
}
