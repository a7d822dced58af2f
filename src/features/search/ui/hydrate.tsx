/**
 * The header search box comes to life here: React hydrates the markup the
 * build rendered from the same component (Header.astro), so focus and text
 * typed before this ran are kept (SearchBox takes them over on mount).
 */
import { hydrateRoot } from 'react-dom/client';
import labels from 'virtual:labels/search';
import type { Lang } from '#contract/schemas.ts';
import SearchBox from './SearchBox.tsx';

export function hydrateSearchBox(slot: HTMLElement, lang: Lang): void {
  hydrateRoot(
    slot,
    <SearchBox lang={lang} labels={labels[lang]} hideOnMobile={slot.dataset['hideOnMobile'] === 'true'} />,
  );
}
