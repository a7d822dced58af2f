/**
 * Field limits of the contract without zod, so a form in the browser can use
 * them (maxlength, min) without loading the schemas: schemas.ts builds its
 * checks from these and re-exports them.
 */
import { REVIEW_TEXT_MAX } from './reviews.ts';

/**
 * Field limits of every request: the API answers 400 naming the field past
 * them, the OpenAPI document states them, forms can use them as maxlength.
 */
export const LIMITS = {
  /** Ids are SQLite rowids well inside 32 bits. */
  id: 2_147_483_647,
  name: 100,
  customerName: 150,
  addressPart: 200,
  displayName: 500,
  email: 254,
  reviewText: REVIEW_TEXT_MAX,
  searchQuery: 200,
  token: 1000,
  /** Whole numbers sent as query text: page, page_size, item. */
  numberParam: 10,
  quantity: 1000,
  /** Basket lines named in one order or one bulk delete. */
  items: 100,
  /** The largest sum of money in soʻm any price, line or order may carry (a hundred billion). */
  price: 100_000_000_000,
} as const;

/** The earliest birth date a profile takes. */
export const BIRTH_DATE_MIN = '1900-01-01';
