import type { Messages } from './index.ts';

export const ru: Messages = {
  'site.name': 'Bozor',
  'site.tagline': 'Онлайн-рынок города Карши',
  'home.title': 'Bozor — интернет-магазин в Карши',
  'home.categories': 'Категории',
  'home.products': 'Товары',
  'lang.uz': "O'zbekcha",
  'lang.ru': 'Русский',
};
