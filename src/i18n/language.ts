/**
 * The shopper's language (spec §2, §9): the first path segment selects it,
 * uz by default; it is cached in localStorage under i18nextLng. Pages are
 * prerendered per language and switching reloads, so this never changes
 * while a page lives.
 */
import { atom } from 'nanostores';
import type { Lang } from '#contract/schemas.ts';

const asLang = (value: string | undefined): Lang | null => (value === 'uz' || value === 'ru' ? value : null);

function detect(): Lang {
  if (typeof document === 'undefined') return 'uz';
  return asLang(location.pathname.split('/')[1]) ?? asLang(document.documentElement.lang.slice(0, 2)) ?? 'uz';
}

export const $lang = atom<Lang>(detect());
