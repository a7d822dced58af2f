/** The signed-in shopper's profile (spec §3 User): read, and changed field by field. Used as `profile.read()`. */
import type { ProfileUpdate } from '#contract/schemas.ts';
import { call } from '../api.ts';
import type { Profile } from '../shopper.ts';

export const read = (): Promise<Profile> => call('profile');

/** PATCH /users/profile/: the profile as it is after the change; a refusal (400) names the fields. */
export const save = (update: ProfileUpdate): Promise<Profile> => call('updateProfile', { body: update });
