/** The profile: the shopper's personal data. */
export { $profile, loadProfile, saveProfile } from './state/profile.ts';
