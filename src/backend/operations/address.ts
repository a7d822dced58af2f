/** The delivery address the shopper's profile keeps (spec §3 User). Used as `address.read()`. */
import { readAddress, type Address } from '../address.ts';
import { call } from '../api.ts';

/** The address the profile keeps, null when it keeps none (or none the shop can deliver to). */
export const read = async (): Promise<Address | null> => readAddress((await call('profile')).address);

/** Keeps an address in the profile (PATCH /users/profile/); answers it as the profile keeps it (null: as it was sent). */
export const save = async (chosen: Address): Promise<Address | null> =>
  readAddress((await call('updateProfile', { body: { address: chosen } })).address);
