/** The listing module's texts: its label set's `listing.<word>` messages. */
import { formatMessage } from '../../../i18n/format.ts';
import type { LabelKey, Labels } from '../../../i18n/messages.ts';

/** A listing label by the word after `listing.`. */
export type ListingWord = LabelKey<'listing'> extends `listing.${infer Word}` ? Word : never;
export type ListingText = (word: ListingWord, values?: Record<string, string | number>) => string;

export function listingText(labels: Labels<'listing'>): ListingText {
  return (word, values = {}) => formatMessage(labels[`listing.${word}`], values);
}
