/**
 * Phone numbers (spec §5, §9). Sign-in takes Uzbek numbers only: mask
 * (..) ...-..-.. after +998, 12 digits with the country code, sent with a
 * leading plus. The generic input takes at most 15 digits (E.164), formats
 * them by the country's own mask and guesses the country from the first 6
 * digits, with libphonenumber-js (the minimal metadata build).
 */
import { AsYouType, Metadata, type CountryCode } from 'libphonenumber-js/min';
import { formatUzPhone, hasCountryCode, isUzPrefix, phoneDigits } from '../../../shared/uz-phone.ts';

// The Uzbek rules live apart, so pages that need only them (checkout) load no libphonenumber.
export * from '../../../shared/uz-phone.ts';

const COUNTRY_GUESS_DIGITS = 6;
export const COUNTRY_GUESS_DEBOUNCE_MS = 250;

/**
 * What the input shows for typed text: '+998 (90) 123-45-67' for Uzbek
 * numbers (at most 12 digits), the country's own format otherwise (at most 15).
 */
export function formatPhone(input: string): string {
  const digits = phoneDigits(input);
  if (!digits) return '';
  // Without a country code (local digits typed into a cleared field): an Uzbek number, never a foreign one.
  if (!hasCountryCode(input)) return formatUzPhone(input);
  if (isUzPrefix(digits)) return formatUzPhone(`+${digits}`);
  return new AsYouType().input(`+${digits}`);
}

/** The country of a number, guessed from its first 6 digits (undefined when unknown or shared, e.g. +1, +7). */
export function guessCountry(input: string): CountryCode | undefined {
  const head = phoneDigits(input).slice(0, COUNTRY_GUESS_DIGITS);
  if (head.length < 1) return undefined;
  const typer = new AsYouType();
  typer.input(`+${head}`);
  const country = typer.getCountry();
  if (country) return country;
  // Shared calling codes (+44, +7, +1): the code's main country.
  const code = typer.getCallingCode();
  if (!code) return undefined;
  // Typed loosely: this Metadata method is public but missing from the typings.
  const metadata = new Metadata() as unknown as {
    getCountryCodesForCallingCode(code: string): CountryCode[] | undefined;
  };
  return metadata.getCountryCodesForCallingCode(code)?.[0];
}

/** A sign-in code as typed: letters upper-cased, only letters and digits, at most 4. */
export const CODE_LENGTH = 4;
export function cleanCode(input: string): string {
  return input
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, CODE_LENGTH);
}

/** The resend countdown in seconds: the answer's minutes × 60, or 60 when missing. */
export function countdownSeconds(time: unknown): number {
  return typeof time === 'number' && Number.isFinite(time) && time > 0 ? Math.round(time * 60) : 60;
}

export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
