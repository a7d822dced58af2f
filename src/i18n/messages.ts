/**
 * Messages in the browser without shipping both languages on first load:
 * islands get the labels they render as a prop (picked at build time by
 * labels.ts), and toasts load the page language's table when first needed.
 */
import { formatMessage } from './format.ts';
import type { MessageKey, Messages } from './index.ts';
import type { Lang } from '#contract/schemas.ts';

export type Labels = Partial<Record<MessageKey, string>>;
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export function makeT(labels: Labels): Translate {
  return (key, values) => formatMessage(labels[key] ?? key, values);
}

const tables: Partial<Record<Lang, Promise<Messages>>> = {};

/** The whole table of one language, loaded once (a chunk per language). */
export function loadMessages(lang: Lang): Promise<Messages> {
  tables[lang] ??= lang === 'ru' ? import('./ru.ts').then((m) => m.ru) : import('./uz.ts').then((m) => m.uz);
  return tables[lang];
}
