/** Review dates, with one formatter per language (creating Intl formatters per page is slow at 20k pages). */
import type { Lang } from '#contract/schemas.ts';

const formatters = new Map<Lang, Intl.DateTimeFormat>();

export function reviewDate(lang: Lang, iso: string): string {
  let formatter = formatters.get(lang);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(lang === 'ru' ? 'ru-RU' : 'uz-UZ', {
      dateStyle: 'medium',
      timeZone: 'Asia/Tashkent',
    });
    formatters.set(lang, formatter);
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatter.format(date);
}
