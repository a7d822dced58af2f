import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { BIRTH_DATE_MIN, LIMITS, ProfileUpdate, type User } from '#contract/schemas.ts';
import { PROFILE_FIELDS, checkProfileForm, profileForm, type ProfileForm } from './profile.ts';

const profileProblems = (form: ProfileForm) => {
  const checked = checkProfileForm(form);
  return checked.ok ? {} : checked.problems;
};
const profileBody = (form: ProfileForm) => {
  const checked = checkProfileForm(form);
  if (!checked.ok) throw new Error('form refused');
  return checked.body;
};

const user: User = {
  id: 1,
  phone_number: '+998901234567',
  first_name: 'Aziz',
  last_name: 'Karimov',
  father_name: 'Bahrom o‘g‘li',
  gender: 'male',
  birth_date: '1995-04-12',
  email: null,
  address: null,
};
const form = (patch: Partial<ProfileForm> = {}): ProfileForm => ({ ...profileForm(user), ...patch });
const today = new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('profile form', () => {
  it('round-trips a user and clears empty optional fields', () => {
    expect(profileBody(form())).toEqual({
      first_name: 'Aziz',
      last_name: 'Karimov',
      father_name: 'Bahrom o‘g‘li',
      gender: 'male',
      birth_date: '1995-04-12',
      email: null,
    });
    expect(profileBody(form({ first_name: '  Aziz ', gender: '', birth_date: ' ' }))).toMatchObject({
      first_name: 'Aziz',
      gender: null,
      birth_date: null,
    });
  });

  it('accepts what the contract accepts', () => {
    expect(profileProblems(form({ email: 'aziz@example.uz', birth_date: today }))).toEqual({});
    expect(profileProblems(form({ birth_date: BIRTH_DATE_MIN }))).toEqual({});
  });

  // Every text field's limit, from the contract's schema.
  const limits = { first_name: LIMITS.name, last_name: LIMITS.name, father_name: LIMITS.name } as const;
  for (const [field, max] of Object.entries(limits)) {
    it(`${field}: ${max} characters pass, ${max + 1} are too long`, () => {
      expect(profileProblems(form({ [field]: 'a'.repeat(max) }))).toEqual({});
      expect(profileProblems(form({ [field]: 'a'.repeat(max + 1) }))).toEqual({ [field]: { kind: 'too_long', max } });
    });
  }
  it(`email: ${LIMITS.email} characters pass, longer is too long`, () => {
    const address = (length: number) => `${'a'.repeat(64)}@${'b'.repeat(length - 64 - 1 - 3)}.uz`;
    expect(z.safeParse(ProfileUpdate, { email: address(LIMITS.email) }).success).toBe(true);
    expect(profileProblems(form({ email: address(LIMITS.email + 1) }))).toEqual({
      email: { kind: 'too_long', max: LIMITS.email },
    });
  });

  it.each(['aziz', 'aziz@', '@example.uz', 'aziz@example'])('email %s is refused', (email) => {
    expect(profileProblems(form({ email }))).toEqual({ email: { kind: 'email' } });
  });

  it.each(['12.04.1995', '1995-13-01', '1995-02-30', '1899-12-31', inDays(2)])('birth date %s is refused', (date) => {
    expect(profileProblems(form({ birth_date: date }))).toEqual({ birth_date: { kind: 'date' } });
  });

  it('a gender other than male or female is refused', () => {
    expect(profileProblems(form({ gender: 'other' }))).toEqual({ gender: { kind: 'invalid' } });
  });

  it('reports every field with a problem, once each', () => {
    const problems = profileProblems(form({ first_name: 'a'.repeat(LIMITS.name + 1), email: 'x', birth_date: 'soon' }));
    expect(Object.keys(problems).sort()).toEqual(['birth_date', 'email', 'first_name']);
    expect(PROFILE_FIELDS).toEqual(expect.arrayContaining(Object.keys(problems)));
  });
});
