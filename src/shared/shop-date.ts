/**
 * Dates the shop shows (reviews, orders) in Qarshi's time (UTC+5, no daylight saving), written out by
 * hand like prices (src/shared/price.ts): browsers ship different ICU data
 * (Debian's Chromium has no uz-UZ), and the prerendered HTML and the islands
 * that hydrate it must print the same text.
 */
import type { Lang } from '#contract/schemas.ts';

const TASHKENT_OFFSET_MS = 5 * 60 * 60 * 1000;
const MONTHS: Record<Lang, readonly string[]> = {
  uz: ['yanvar', 'fevral', 'mart', 'aprel', 'may', 'iyun', 'iyul', 'avgust', 'sentabr', 'oktabr', 'noyabr', 'dekabr'],
  ru: [
    'января',
    'февраля',
    'марта',
    'апреля',
    'мая',
    'июня',
    'июля',
    'августа',
    'сентября',
    'октября',
    'ноября',
    'декабря',
  ],
};

/** '2025-03-12T20:00:00Z' → '13-mart, 2025-yil' (uz), '13 марта 2025 г.' (ru); '' for a date it cannot read. */
export function shopDate(lang: Lang, iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const local = new Date(time + TASHKENT_OFFSET_MS);
  const day = local.getUTCDate();
  const month = MONTHS[lang][local.getUTCMonth()];
  const year = local.getUTCFullYear();
  return lang === 'ru' ? `${day} ${month} ${year} г.` : `${day}-${month}, ${year}-yil`;
}
