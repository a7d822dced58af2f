/**
 * Uzbek phone numbers (spec §5): +998 and 9 digits, masked (..) ...-..-..
 * Without libphonenumber: checkout and sign-in's sending rule need only these;
 * phone.ts re-exports them beside the generic input's rules.
 */
export const UZ_CODE = '998';
export const UZ_DIGITS = 12;
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

/** '998901234567' or the national '901234567' (or part of either) → '+998 (90) 123-45-67'. */
export function formatUzPhone(input: string): string {
  const digits = phoneDigits(input);
  const uz = (isUzPrefix(digits) ? digits : UZ_CODE + digits).slice(0, UZ_DIGITS);
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
