/** What the product cards of a page share, at build time: their words in its language and the icons' sprite. */
import type { Lang } from '#contract/schemas.ts';
import { translator } from '../i18n/index.ts';
import { cardWords, type CardSetup } from '../shared/card.ts';
import sprite from './icons.svg?url&no-inline';

const setups = new Map<Lang, CardSetup>();

export function cardSetup(lang: Lang): CardSetup {
  let setup = setups.get(lang);
  if (!setup) setups.set(lang, (setup = { words: cardWords(translator(lang)), sprite }));
  return setup;
}
