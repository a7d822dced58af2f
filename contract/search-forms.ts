/**
 * Search in any script: one folded form for titles and queries, so
 * Uzbek Latin, Uzbek Cyrillic and Russian spellings of the same words meet,
 * plus the forms a query may stand for (a brand written in Cyrillic, a query
 * typed on the wrong keyboard layout).
 *
 * - `foldSearchText`: lower case, Cyrillic (Uzbek and Russian) written in Uzbek
 *   Latin, apostrophes dropped (oʻ o' o‘ o` ў → o, gʻ ғ → g, маълумот →
 *   malumot), a word-initial ye read as e (yetkazib = етказиб), c read as s
 *   in a model code (C67 = С67), only letters, digits and single spaces left. The storefront indexes every title's fold
 *   (hidden, beside the title) and the reference API stores it, so a folded
 *   query finds them.
 * - `searchForms`: what to look for when a shopper types a query: the query
 *   itself, its fold, the fold with brand spellings made Latin (айфон →
 *   iphone), and the same for the query read on the other keyboard layout
 *   (ыфьыгтп → samsung, cvfhnajy → смартфон), marked `swapped`, and each
 *   with everyday words read as the catalogue's own (telefon, телефон →
 *   smartfon).
 *
 * Pure, no imports but the light normaliser: the search box (on first use) and
 * the reference API load it; the search page's first load does not.
 */
import { normaliseSearchText } from './search-text.ts';

const CYRILLIC_TO_LATIN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'yo',
  ж: 'j',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'x',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sh',
  ъ: '',
  ы: 'i',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  ў: 'o',
  қ: 'q',
  ғ: 'g',
  ҳ: 'h',
  і: 'i',
};

/**
 * Brand and model words as shoppers write them in Cyrillic, folded, and the
 * Latin name they mean (only where the fold alone does not already give it:
 * самсунг, редми, леново, артель fold to their Latin names by themselves).
 */
const BRAND_SPELLINGS: Record<string, string> = Object.fromEntries(
  (
    'ayfon:iphone aifon:iphone aypad:ipad aipad:ipad galaksi:galaxy galaksy:galaxy epl:apple eppl:apple apl:apple ' +
    'appl:apple syaomi:xiaomi ksiaomi:xiaomi ksyaomi:xiaomi shaomi:xiaomi ksiomi:xiaomi xonor:honor realmi:realme ' +
    'texno:tecno infiniks:infinix xot:hot aydiapad:ideapad eychpi:hp xp:hp aser:acer aspayr:aspire makbuk:macbook ' +
    'eyr:air xuavey:huawei xuavei:huawei meytbuk:matebook kristal:crystal eldji:lg elji:lg lj:lg tsl:tcl ' +
    'xaysens:hisense bosh:bosch filips:philips mulineks:moulinex kettl:kettle dayson:dyson mideya:midea gri:gree ' +
    'eyrpods:airpods eirpods:airpods bads:buds djibiel:jbl soni:sony votch:watch vach:watch bend:band ' +
    'pleysteyshn:playstation pleysteyshen:playstation pleystayshn:playstation iksboks:xbox xboks:xbox ' +
    'maykrosoft:microsoft svitch:switch logitek:logitech logitex:logitech reyzer:razer kenon:canon kanon:canon ' +
    'alfa:alpha fudjifilm:fujifilm fudji:fuji roventa:rowenta plyus:plus layt:lite maks:max notbuk:noutbuk ' +
    'vivobuk:vivobook supersonik:supersonic blank:blanc tekno:tecno gudzon:goodzone ideya:idea'
  )
    .split(' ')
    .map((pair) => pair.split(':') as [string, string]),
);

/**
 * Everyday words (folded) and the catalogue's word for the same products: a
 * shopper's telefon or телефон is a smartphone, a Russian word typed on the
 * Uzbek site finds the Uzbek title. One way only: a search for smartfon does
 * not bring every phone case.
 */
const EVERYDAY_WORDS: Record<string, string> = Object.fromEntries(
  (
    'telefon:smartfon telefonlar:smartfon telefoni:smartfon mobilniy:smartfon sotoviy:smartfon ' +
    'laptop:noutbuk notebook:noutbuk tv:televizor xolodilnik:muzlatgich pilesos:changyutgich ' +
    'naushniki:quloqchin'
  )
    .split(' ')
    .map((pair) => pair.split(':') as [string, string]),
);

/** Keys of a Russian ЙЦУКЕН keyboard and the US QWERTY keys in the same places. */
const RU_KEYS = 'ёйцукенгшщзхъфывапролджэячсмитьбю';
const EN_KEYS = "`qwertyuiop[]asdfghjkl;'zxcvbnm,.";
const RU_TO_EN = new Map([...RU_KEYS].map((key, i) => [key, EN_KEYS[i]!]));
const EN_TO_RU = new Map([...EN_KEYS].map((key, i) => [key, RU_KEYS[i]!]));

/** The folded search form of a text (see the file's comment). */
export function foldSearchText(text: string): string {
  let out = '';
  for (const char of text.normalize('NFKC').toLowerCase()) out += CYRILLIC_TO_LATIN[char] ?? char;
  return (
    out
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[\u02BB\u02BC\u2018\u2019\u0060\u00B4\u02B9\u2032']/g, '')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .replace(/(^| )ye/g, '$1e')
      .trim()
      .split(' ')
      // In a model code a Cyrillic с stands for the Latin c (Realme С67): read both as s.
      .map((word) => (/\d/.test(word) ? word.replace(/c/g, 's') : word))
      .join(' ')
  );
}

/** A folded text with every word a shopper may write for a brand in Cyrillic replaced by the brand's Latin name. */
export function latinBrands(folded: string): string {
  return folded
    .split(' ')
    .map((word) => BRAND_SPELLINGS[word] ?? word)
    .join(' ');
}

/** A folded text with everyday words read as the catalogue's word for them (EVERYDAY_WORDS). */
export function catalogueWords(folded: string): string {
  return folded
    .split(' ')
    .map((word) => EVERYDAY_WORDS[word] ?? word)
    .join(' ');
}

/**
 * The query as typed on the other keyboard layout: Latin letters read as the
 * Russian keys in their place, or Russian letters as the Latin ones; null when
 * the query mixes both alphabets or has no letter to swap.
 */
export function otherLayout(query: string): string | null {
  const text = query.toLowerCase();
  const latin = /[a-z]/.test(text);
  const cyrillic = /[\u0400-\u04ff]/.test(text);
  if (latin === cyrillic) return null;
  const map = latin ? EN_TO_RU : RU_TO_EN;
  // Only when every letter has a key: a query with Uzbek ў қ ғ ҳ was typed on an Uzbek layout, on purpose.
  if (cyrillic && /[ўқғҳ]/.test(text)) return null;
  return [...text].map((char) => map.get(char) ?? char).join('');
}

export interface SearchForm {
  text: string;
  /** Read on the other keyboard layout: rank its finds below the query's own. */
  swapped: boolean;
}

/** Shortest query worth reading on the other layout: "a" or "ok" typed in Latin are not Russian words. */
const MIN_SWAP_LETTERS = 3;

/** The distinct forms to search for a query, the query's own first (see the file's comment). */
export function searchForms(query: string): SearchForm[] {
  const typed = query.trim();
  const forms: SearchForm[] = [];
  const add = (text: string, swapped: boolean) => {
    const clean = text.replace(/\s+/g, ' ').trim();
    if (clean && !forms.some((form) => form.text === clean)) forms.push({ text: clean, swapped });
  };
  const addAll = (text: string, swapped: boolean) => {
    add(normaliseSearchText(text).toLowerCase(), swapped);
    const folded = foldSearchText(text);
    add(folded, swapped);
    const latin = latinBrands(folded);
    add(latin, swapped);
    add(catalogueWords(latin), swapped);
  };
  addAll(typed, false);
  const swapped = (typed.match(/\p{L}/gu) ?? []).length >= MIN_SWAP_LETTERS ? otherLayout(typed) : null;
  if (swapped !== null) addAll(swapped, true);
  return forms;
}

/** What the reference API stores to search a record by: its texts as written and folded, one per line. */
export function searchDocument(...texts: string[]): string {
  return texts.flatMap((text) => [normaliseSearchText(text).toLowerCase(), foldSearchText(text)]).join('\n');
}

/** Whether a record's search document holds every word of one of the query's forms. */
export function matchesSearch(document: string, forms: readonly SearchForm[]): boolean {
  return forms.some((form) => form.text.split(' ').every((word) => document.includes(word)));
}

/**
 * The hidden text an indexed page carries beside a title so the index finds
 * it by its folded form; null when the fold adds no word the title's own
 * words do not already give (a Latin title without oʻ, gʻ or model codes).
 */
export function searchIndexText(title: string): string | null {
  const folded = foldSearchText(title);
  const own = new Set(
    normaliseSearchText(title)
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u),
  );
  return folded.split(' ').every((word) => own.has(word)) ? null : folded;
}
