/**
 * The personal-data form (spec §3 User, issue: same rules in the browser and
 * the API): the form's text values from a profile, the PATCH body they make, and
 * each field's problem by the contract's own schema (ProfileUpdate), so a
 * value the API would refuse is refused before sending.
 */
import { z } from 'zod/mini';
import { ProfileUpdate } from '#contract/schemas.ts';
import type { Profile } from '../../../backend/index.ts';

/** The fields the shopper types (the phone is read-only; the address has its picker). */
export const PROFILE_FIELDS = ['first_name', 'last_name', 'father_name', 'gender', 'birth_date', 'email'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileForm = Record<ProfileField, string>;

export const isProfileField = (key: string): key is ProfileField => (PROFILE_FIELDS as readonly string[]).includes(key);

export function profileForm(user: Profile): ProfileForm {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    father_name: user.father_name,
    gender: user.gender ?? '',
    birth_date: user.birth_date ?? '',
    email: user.email ?? '',
  };
}

/** What PATCH /users/profile/ gets: trimmed names; an empty gender, date or e-mail clears it. */
function profileBody(form: ProfileForm) {
  const orNull = (value: string) => value.trim() || null;
  return {
    first_name: form.first_name.trim(),
    last_name: form.last_name.trim(),
    father_name: form.father_name.trim(),
    gender: orNull(form.gender),
    birth_date: orNull(form.birth_date),
    email: orNull(form.email),
  };
}

export type ProfileProblem = { kind: 'too_long'; max: number } | { kind: 'email' | 'date' | 'invalid' };
export type ProfileProblems = Partial<Record<ProfileField, ProfileProblem>>;

/** The PATCH body when the API would take the form, else each field's first problem by the contract's schema. */
export function checkProfileForm(
  form: ProfileForm,
): { ok: true; body: ProfileUpdate } | { ok: false; problems: ProfileProblems } {
  const parsed = z.safeParse(ProfileUpdate, profileBody(form));
  if (parsed.success) return { ok: true, body: parsed.data };
  const problems: ProfileProblems = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]);
    if (!isProfileField(field) || problems[field]) continue;
    problems[field] =
      issue.code === 'too_big'
        ? { kind: 'too_long', max: Number(issue.maximum) }
        : field === 'email'
          ? { kind: 'email' }
          : field === 'birth_date'
            ? { kind: 'date' }
            : { kind: 'invalid' };
  }
  return { ok: false, problems };
}
