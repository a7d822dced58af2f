/** The contract's primitives, which every entity's schemas share (contract/schemas.ts and its parts). */
import { z } from 'zod/mini';
import { LIMITS } from './limits.ts';

/** A string of at most `max` characters, with the message the storefront shows. */
export const text = (max: number) => z.string().check(z.maxLength(max, `At most ${max} characters`));

export const id = z
  .int()
  .check(z.positive('Must be a positive whole number'), z.lte(LIMITS.id, 'Must be a positive whole number'));
/** A sum of money in soʻm: finite, not negative, at most LIMITS.price. */
export const money = z
  .number()
  .check(z.nonnegative('Must not be negative'), z.lte(LIMITS.price, `At most ${LIMITS.price} soʻm`));
export const nullableString = z.nullable(z.string());
