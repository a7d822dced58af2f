/**
 * What the backend keeps of the signed-in shopper, as the shop uses it: the
 * profile (spec §3 User), and the favourites' records (spec §4), a product as
 * an id or an object with one. The profile's address is taken as sent; the
 * address operations read it (operations/profile.ts).
 */
import type { Address } from '#contract/schemas.ts';
import { entity, id, list, record, textOrNull, type Report } from './read.ts';

export interface Profile {
  id: number;
  phone_number: string;
  first_name: string;
  last_name: string;
  father_name: string;
  gender: 'male' | 'female' | null;
  /** ISO date, YYYY-MM-DD. */
  birth_date: string | null;
  email: string | null;
  /** Null when the profile holds none. */
  address: Address | null;
}

/** One favourite on the server: the record's id (to remove it) and the product's. */
export interface Favourite {
  id: number;
  product: number;
}

/** Names the shopper has not given are empty. */
const name = (value: unknown): string => textOrNull(value) ?? '';

export function readProfile(value: unknown): Profile {
  const raw = record(value, 'profile');
  const gender = raw['gender'];
  return {
    id: id(raw['id']),
    phone_number: name(raw['phone_number']),
    first_name: name(raw['first_name']),
    last_name: name(raw['last_name']),
    father_name: name(raw['father_name']),
    gender: gender === 'male' || gender === 'female' ? gender : null,
    birth_date: textOrNull(raw['birth_date']),
    email: textOrNull(raw['email']),
    address: (raw['address'] ?? null) as Address | null,
  };
}

export function readFavourite(value: unknown): Favourite {
  const raw = record(value, 'favourite');
  return { id: id(raw['id']), product: id(entity(raw['product'])?.['id'], 'product') };
}

/** The favourites' list; an answer that is not a list holds none. */
export const readFavourites = (value: unknown, report: Report): Favourite[] =>
  Array.isArray(value) ? list(value, 'favourite', readFavourite, report) : [];
