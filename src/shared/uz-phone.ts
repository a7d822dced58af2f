/**
 * Uzbek phone numbers (spec §5): +998 and 9 digits, masked (..) ...-..-..
 * Without libphonenumber: checkout and sign-in's sending rule need only these;
 * phone.ts re-exports them beside the generic input's rules.
 */
const UZ_CODE = '998';
const UZ_DIGITS = 12;
export const MAX_DIGITS = 15;

/** Digits of what was typed or pasted, at most 15. */
export function phoneDigits(input: string, max = MAX_DIGITS): string {
  return input.replace(/\D/g, '').slice(0, max);
}

/** The Uzbek mask over the 9 national digits: '901234567' → '(90) 123-45-67' (partial input too). */
export function maskUzNational(national: string): string {
  const d = national.replace(/\D/g, '').slice(0, 9);
  if (!d) return '';
  let out = `(${d.slice(0, 2)}`;
  // The ')' comes with the third digit, so deleting backwards never gets stuck on it.
  if (d.length > 2) out += `) ${d.slice(2, 5)}`;
  if (d.length > 5) out += `-${d.slice(5, 7)}`;
  if (d.length > 7) out += `-${d.slice(7, 9)}`;
  return out;
}

export const isUzPrefix = (digits: string) => digits.startsWith(UZ_CODE) || UZ_CODE.startsWith(digits);

/**
 * Text written with a leading '+' (what the field shows) names the country code; text without one is the national
 * number (the shopper cleared "+998" and types or pastes the local digits), unless it is longer than one.
 */
export function hasCountryCode(input: string): boolean {
  const digits = phoneDigits(input);
  return input.trimStart().startsWith('+') || digits.length > 9;
}

/**
 * '+998 90 123 45 67', '998901234567' or the national '901234567' (or part of any) → '+998 (90) 123-45-67'. Local
 * digits typed into a cleared field stay national: '998765432' is +998 (99) 876-54-32, not 998 and six digits.
 */
export function formatUzPhone(input: string): string {
  const digits = phoneDigits(input);
  if (!digits) return '';
  const uz = (hasCountryCode(input) && isUzPrefix(digits) ? digits : UZ_CODE + digits).slice(0, UZ_DIGITS);
  if (!uz) return '';
  const national = uz.slice(UZ_CODE.length);
  return national ? `+${UZ_CODE} ${maskUzNational(national)}` : `+${uz}`;
}

/** A complete Uzbek number: 998 and 9 digits. */
export function isCompleteUzPhone(input: string): boolean {
  return /^998\d{9}$/.test(phoneDigits(input));
}

/** The number as sent to the API: '+998901234567', or null when it is not a complete Uzbek number. */
export function toUzE164(input: string): string | null {
  return isCompleteUzPhone(input) ? `+${phoneDigits(input)}` : null;
}

/** A number as printed on an order: '+998912345678' → '+998 91 234-56-78'; anything else as it came. */
export function printUzPhone(input: string): string {
  if (!isCompleteUzPhone(input)) return input;
  const d = phoneDigits(input);
  return `+${d.slice(0, 3)} ${d.slice(3, 5)} ${d.slice(5, 8)}-${d.slice(8, 10)}-${d.slice(10, 12)}`;
}
