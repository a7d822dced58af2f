import { describe, expect, it } from 'vitest';
import {
  cleanCode,
  countdownSeconds,
  formatCountdown,
  formatPhone,
  formatUzPhone,
  guessCountry,
  isCompleteUzPhone,
  maskUzNational,
  phoneDigits,
  toUzE164,
} from './phone.ts';

describe('Uzbek phone mask', () => {
  it('masks the national digits as (..) ...-..-..', () => {
    expect(maskUzNational('901234567')).toBe('(90) 123-45-67');
    expect(maskUzNational('9012')).toBe('(90) 12');
    expect(maskUzNational('9')).toBe('(9');
  });
  it('formats typed or pasted text with the country code', () => {
    expect(formatPhone('998901234567')).toBe('+998 (90) 123-45-67');
    expect(formatPhone('+998 90 123 45 67 89')).toBe('+998 (90) 123-45-67');
    expect(formatPhone('+99')).toBe('+99');
    expect(formatPhone('')).toBe('');
  });
  it('reads local digits without a country code as an Uzbek number, never a foreign one', () => {
    expect(formatPhone('99')).toBe('+998 (99');
    expect(formatPhone('901234567')).toBe('+998 (90) 123-45-67');
    let shown = '';
    for (const key of '901234567') shown = formatPhone(shown + key);
    expect(shown).toBe('+998 (90) 123-45-67');
    expect(guessCountry(shown)).toBe('UZ');
  });
  it('accepts exactly 12 digits with 998 and sends them with a plus', () => {
    expect(isCompleteUzPhone('+998 (90) 123-45-67')).toBe(true);
    expect(toUzE164('+998 (90) 123-45-67')).toBe('+998901234567');
    expect(toUzE164('+998 (90) 123-45')).toBeNull();
    expect(toUzE164('+7 912 345-67-89')).toBeNull();
    expect(toUzE164('abc')).toBeNull();
  });
});

describe('generic phone input', () => {
  it('keeps at most 15 digits', () => {
    expect(phoneDigits('1234567890123456789')).toHaveLength(15);
  });
  it('formats other countries by their own mask', () => {
    expect(formatPhone('+7 9123456789')).toBe('+7 912 345 67 89');
    expect(formatPhone('447911123456')).toBe('+44 7911 123456');
  });
  it('guesses the country from the first 6 digits', () => {
    expect(guessCountry('+998 90 1')).toBe('UZ');
    expect(guessCountry('+44 7911')).toBe('GB');
    expect(guessCountry('+49 151 2')).toBe('DE');
    expect(guessCountry('')).toBeUndefined();
  });
});

describe('sign-in code', () => {
  it('upper-cases and keeps 4 characters', () => {
    expect(cleanCode('ab1c9')).toBe('AB1C');
    expect(cleanCode(' 1-2 3')).toBe('123');
  });
  it('counts down server minutes × 60, 60 s when missing', () => {
    expect(countdownSeconds(2)).toBe(120);
    expect(countdownSeconds(undefined)).toBe(60);
    expect(countdownSeconds(0)).toBe(60);
    expect(formatCountdown(75)).toBe('1:15');
  });
});

describe('formatUzPhone (checkout: Uzbek numbers only)', () => {
  it('masks a full number and a national one alike', () => {
    expect(formatUzPhone('+998901234567')).toBe('+998 (90) 123-45-67');
    expect(formatUzPhone('901234567')).toBe('+998 (90) 123-45-67');
    expect(formatUzPhone('+99')).toBe('+99');
    expect(formatUzPhone('99')).toBe('+998 (99');
    expect(formatUzPhone('')).toBe('');
  });
});
