/**
 * Typed messages: uz is the reference, and ru is typed against it, so a key
 * missing in either language is a type error.
 */
import type { Lang } from '#contract/schemas.ts';
import { formatMessage } from './format.ts';
import { ru } from './ru.ts';
import { uz, type MessageKey, type Messages } from './uz.ts';

export type { MessageKey } from './uz.ts';

const messages: Record<Lang, Messages> = { uz, ru };

/** t('uz')('home.title'); `{name}` placeholders are filled from `values`. */
export function translator(lang: Lang) {
  const table = messages[lang];
  return (key: MessageKey, values: Record<string, string | number> = {}): string => formatMessage(table[key], values);
}

export * from './urls.ts';
