import { describe, expect, it } from 'vitest';
import {
  MAX_DIGITS,
  formatUzPhone,
  hasCountryCode,
  isCompleteUzPhone,
  isUzPrefix,
  maskUzNational,
  phoneDigits,
  printUzPhone,
  toUzE164,
} from './uz-phone.ts';

describe('phoneDigits', () => {
  it('keeps only the digits of typed or pasted text', () => {
    expect(phoneDigits('+998 (90) 123-45-67')).toBe('998901234567');
    expect(phoneDigits('tel: 90 12')).toBe('9012');
    expect(phoneDigits('no digits')).toBe('');
  });
  it('keeps at most 15 digits, or the maximum given', () => {
    expect(MAX_DIGITS).toBe(15);
    expect(phoneDigits('1234567890123456789')).toBe('123456789012345');
    expect(phoneDigits('+998 90 123 45 67', 5)).toBe('99890');
  });
});

describe('maskUzNational: (..) ...-..-.. over the 9 national digits', () => {
  it('masks a whole number', () => {
    expect(maskUzNational('901234567')).toBe('(90) 123-45-67');
  });
  it('masks each partial length, the ")" coming only with the third digit', () => {
    expect(maskUzNational('9')).toBe('(9');
    expect(maskUzNational('90')).toBe('(90');
    expect(maskUzNational('901')).toBe('(90) 1');
    expect(maskUzNational('90123')).toBe('(90) 123');
    expect(maskUzNational('901234')).toBe('(90) 123-4');
    expect(maskUzNational('9012345')).toBe('(90) 123-45');
    expect(maskUzNational('90123456')).toBe('(90) 123-45-6');
  });
  it('ignores non-digits, cuts after 9 digits, and answers nothing for no digits', () => {
    expect(maskUzNational('(90) 123-45-67')).toBe('(90) 123-45-67');
    expect(maskUzNational('9012345678')).toBe('(90) 123-45-67');
    expect(maskUzNational('')).toBe('');
    expect(maskUzNational('-- ')).toBe('');
  });
});

describe('isUzPrefix', () => {
  it('is true for digits that start with 998 or could still become 998', () => {
    expect(isUzPrefix('998901234567')).toBe(true);
    expect(isUzPrefix('998')).toBe(true);
    expect(isUzPrefix('99')).toBe(true);
    expect(isUzPrefix('9')).toBe(true);
    expect(isUzPrefix('')).toBe(true);
  });
  it('is false once the digits leave 998', () => {
    expect(isUzPrefix('90')).toBe(false);
    expect(isUzPrefix('997')).toBe(false);
    expect(isUzPrefix('7912')).toBe(false);
  });
});

describe('formatUzPhone', () => {
  it('shows a full number and a national one alike', () => {
    expect(formatUzPhone('998901234567')).toBe('+998 (90) 123-45-67');
    expect(formatUzPhone('+998 90 123 45 67')).toBe('+998 (90) 123-45-67');
    expect(formatUzPhone('901234567')).toBe('+998 (90) 123-45-67');
  });
  it('shows the country code alone until a national digit is typed', () => {
    expect(formatUzPhone('+9')).toBe('+9');
    expect(formatUzPhone('+998')).toBe('+998');
    expect(formatUzPhone('+9989')).toBe('+998 (9');
    expect(formatUzPhone('+90')).toBe('+998 (90');
  });
  it('keeps local digits typed into a cleared field Uzbek, one key at a time or pasted', () => {
    // Each key goes to the field's text as it stands: the first digit without a '+', the rest after '+998 ('.
    let shown = '';
    for (const key of '998765432') shown = formatUzPhone(shown + key);
    expect(shown).toBe('+998 (99) 876-54-32');
    shown = '';
    for (const key of '901234567') shown = formatUzPhone(shown + key);
    expect(shown).toBe('+998 (90) 123-45-67');
    expect(formatUzPhone('9')).toBe('+998 (9');
    expect(formatUzPhone('998765432')).toBe('+998 (99) 876-54-32');
    expect(formatUzPhone('90 123 45 67')).toBe('+998 (90) 123-45-67');
    expect(isCompleteUzPhone(formatUzPhone('998765432'))).toBe(true);
  });
  it('reads a whole number without the plus by its length', () => {
    expect(hasCountryCode('+9')).toBe(true);
    expect(hasCountryCode('998901234567')).toBe(true);
    expect(hasCountryCode('998765432')).toBe(false);
    expect(formatUzPhone('998901234567')).toBe('+998 (90) 123-45-67');
  });
  it('puts any other number under 998 and cuts it at 12 digits', () => {
    expect(formatUzPhone('+7 912 345 67 89')).toBe('+998 (79) 123-45-67');
    expect(formatUzPhone('998 90 123 45 67 89')).toBe('+998 (90) 123-45-67');
  });
  it('answers nothing for no digits', () => {
    expect(formatUzPhone('')).toBe('');
    expect(formatUzPhone('+ ( )')).toBe('');
  });
});

describe('a complete Uzbek number', () => {
  it('is 998 and exactly 9 more digits, however it is written', () => {
    expect(isCompleteUzPhone('+998 (90) 123-45-67')).toBe(true);
    expect(isCompleteUzPhone('998901234567')).toBe(true);
    expect(isCompleteUzPhone('+998 (90) 123-45-6')).toBe(false);
    expect(isCompleteUzPhone('9989012345678')).toBe(false);
    // The national digits alone are not complete: the mask adds +998 first.
    expect(isCompleteUzPhone('901234567')).toBe(false);
    expect(isCompleteUzPhone('+7 912 345-67-89')).toBe(false);
  });
  it('is sent as +998 and the digits; anything else is not sent', () => {
    expect(toUzE164('+998 (90) 123-45-67')).toBe('+998901234567');
    expect(toUzE164('+998 (90) 123-45')).toBeNull();
    expect(toUzE164('901234567')).toBeNull();
    expect(toUzE164('')).toBeNull();
  });
});

describe('printUzPhone', () => {
  it('prints a whole Uzbek number in groups, as an order shows it', () => {
    expect(printUzPhone('+998912345678')).toBe('+998 91 234-56-78');
    expect(printUzPhone('998 (91) 234-56-78')).toBe('+998 91 234-56-78');
  });
  it('leaves anything else as it came', () => {
    expect(printUzPhone('+7 900 123 45 67')).toBe('+7 900 123 45 67');
    expect(printUzPhone('')).toBe('');
  });
});
