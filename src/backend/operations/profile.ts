/**
 * The signed-in shopper's profile (spec §3 User): read, changed field by field, and the delivery address it keeps.
 */
import type { ProfileUpdate } from '#contract/schemas.ts';
import type { Address } from '../address.ts';
import { getApi } from '../api.ts';
import type { Profile } from '../shopper.ts';

export const profile = {
  read: async (): Promise<Profile> => (await getApi()).call('profile'),

  /** PATCH /users/profile/: the profile as it is after the change; a refusal (400) names the fields. */
  save: async (update: ProfileUpdate): Promise<Profile> => (await getApi()).call('updateProfile', { body: update }),
};

export const address = {
  /** The address the profile keeps, null when it keeps none. */
  read: async (): Promise<Address | null> => (await profile.read()).address,

  /** Keeps an address in the profile; answers it as the profile keeps it (null: as it was sent). */
  save: async (chosen: Address): Promise<Address | null> => (await profile.save({ address: chosen })).address,
};
