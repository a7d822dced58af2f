/**
 * The shop's words as the dictionaries give them (src/i18n), so a spec reads
 * what the shopper reads instead of copying it: `words('ru')('isl.toast.added')`,
 * or a table in both languages with `perLanguage`.
 */
import type { Lang } from '#contract/langs.ts';
import { translator, type MessageKey } from '../../../src/i18n/index.ts';

export type Words = (key: MessageKey, values?: Record<string, string | number>) => string;

/** The words of one language. */
export const words = (lang: Lang): Words => translator(lang);

/** A spec's table of words in both languages, drawn from the dictionaries: `perLanguage((t) => ({ save: t('…') }))`. */
export function perLanguage<T>(table: (t: Words) => T): Record<Lang, T> {
  return { uz: table(words('uz')), ru: table(words('ru')) };
}
