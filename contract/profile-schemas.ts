/** The shopper's profile in the contract (re-exported by contract/schemas.ts): delivery address, user, profile update. */
import { z } from 'zod/mini';
import { BIRTH_DATE_MIN, LIMITS } from './limits.ts';
import { id, nullableString, text } from './schema-base.ts';

export const DeliveryType = z.enum(['city', 'district']);
export type DeliveryType = z.infer<typeof DeliveryType>;

const addressPart = text(LIMITS.addressPart);
export const Address = z.object({
  region: addressPart,
  city: addressPart,
  street: addressPart,
  home: addressPart,
  etaj: addressPart,
  entrance: z.optional(addressPart),
  latitude: z.number().check(z.gte(-90, 'Latitude is -90 to 90'), z.lte(90, 'Latitude is -90 to 90')),
  longitude: z.number().check(z.gte(-180, 'Longitude is -180 to 180'), z.lte(180, 'Longitude is -180 to 180')),
  display_name: text(LIMITS.displayName),
  delivery_type: DeliveryType,
});
export type Address = z.infer<typeof Address>;

const Gender = z.enum(['male', 'female']);
export const User = z.object({
  id,
  phone_number: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  father_name: z.string(),
  gender: z.nullable(Gender),
  /** ISO date, YYYY-MM-DD. */
  birth_date: nullableString,
  email: nullableString,
  address: z.nullable(Address),
});
export type User = z.infer<typeof User>;

const name = text(LIMITS.name);
/** The latest birth date a profile takes is today (with a day's slack: Qarshi is UTC+5). */
const latestBirthDate = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const birthDate = z.iso.date('Date must be YYYY-MM-DD').check(
  z.maxLength(10, 'Date must be YYYY-MM-DD'),
  z.refine((date) => date >= BIRTH_DATE_MIN && date <= latestBirthDate(), 'Birth date must be from 1900 to today'),
);
export const ProfileUpdate = z.partial(
  z.object({
    first_name: name,
    last_name: name,
    father_name: name,
    gender: z.nullable(Gender),
    birth_date: z.nullable(birthDate),
    email: z.nullable(
      z.email('Not a valid e-mail address').check(z.maxLength(LIMITS.email, `At most ${LIMITS.email} characters`)),
    ),
    address: z.nullable(Address),
  }),
);
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;
