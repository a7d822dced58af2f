/**
 * Messages in the browser without shipping both languages on first load:
 * each island and client module renders the labels of its set
 * (src/i18n/labels.ts), typed by the set, so a label it lacks is a compile
 * error rather than a raw key on the screen.
 */
import { formatMessage } from './format.ts';
import type { MessageKey } from './index.ts';
import type { LABEL_SETS, LabelSet } from './labels.ts';

/** The message keys of a label set: those starting with one of its prefixes. */
export type LabelKey<S extends LabelSet> = Extract<MessageKey, `${(typeof LABEL_SETS)[S][number]}${string}`>;
/** A label set's labels in one language. */
export type Labels<S extends LabelSet> = Readonly<Record<LabelKey<S>, string>>;
export type Translate<K extends MessageKey = MessageKey> = (key: K, values?: Record<string, string | number>) => string;

export function makeT<K extends MessageKey>(labels: Readonly<Record<K, string>>): Translate<K> {
  return (key, values) => formatMessage(labels[key], values);
}
