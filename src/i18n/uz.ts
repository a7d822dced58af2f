/** Uzbek (Latin) messages: the reference set. Russian must define every key (see ru.ts). */
export const uz = {
  'site.name': 'Bozor',
  'site.tagline': 'Qarshi shahridagi onlayn bozor',
  'home.title': 'Bozor — Qarshidagi onlayn doʻkon',
  'home.categories': 'Kategoriyalar',
  'home.products': 'Mahsulotlar',
  'lang.uz': "O'zbekcha",
  'lang.ru': 'Русский',
} as const;
