/**
 * Messages in the browser without shipping both languages on first load:
 * each island and client module renders the labels of its set
 * (src/i18n/labels.ts), typed by the set, so a label it lacks is a compile
 * error rather than a raw key on the screen.
 */
import { formatMessage } from './format.ts';
import type { MessageKey } from './uz.ts';
import type { LabelKey, Labels } from './labels.ts';

export type { LabelKey, Labels };

export type Translate<K extends MessageKey = MessageKey> = (key: K, values?: Record<string, string | number>) => string;

export function makeT<K extends MessageKey>(labels: Readonly<Record<K, string>>): Translate<K> {
  return (key, values) => formatMessage(labels[key], values);
}
