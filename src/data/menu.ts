/**
 * The shop frame's data (layouts/Shop.astro: the header's category menu), the
 * same on every page of a language. Pages load it and pass it down; layouts and
 * components load nothing themselves.
 */
import { API_URL } from 'astro:env/client';
import type { Lang } from '#contract/schemas.ts';
import type { Category } from '../backend/shop.ts';
import { loadCatalogue } from './catalogue.ts';

/** The categories of the header's menu, from the build's one catalogue load of that language. */
export async function loadMenu(lang: Lang): Promise<Category[]> {
  return (await loadCatalogue(lang, API_URL)).categories;
}
