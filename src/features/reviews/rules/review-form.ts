/**
 * The review form's rules (spec §3 Review): a rating of 1 to 5, the
 * three texts within their length, and up to five images, each a JPEG, PNG or
 * WebP of at most 5 MB by its first bytes. The limits are the contract's
 * (contract/reviews.ts), the ones the API refuses with a 400, so nothing the
 * API would refuse for them is sent.
 */
import {
  MAX_IMAGE_BYTES,
  REVIEW_MAX_IMAGES,
  REVIEW_RATING,
  REVIEW_TEXT_FIELDS,
  REVIEW_TEXT_MAX,
  sniffImage,
  type ReviewTextField,
} from '#contract/reviews.ts';

export interface ReviewFields {
  /** null until a star is chosen. */
  rating: number | null;
  advantage: string;
  shortcoming: string;
  comment: string;
}

export const EMPTY_REVIEW: ReviewFields = { rating: null, advantage: '', shortcoming: '', comment: '' };

/** What is wrong with a field: no rating chosen (or out of range), or a text past its length. */
type ReviewFieldError = 'rating' | 'too_long';
export type ReviewErrors = Partial<Record<'rating' | ReviewTextField, ReviewFieldError>>;

/** The stars a shopper can choose, lowest first. */
export const RATINGS: readonly number[] = Array.from(
  { length: REVIEW_RATING.max - REVIEW_RATING.min + 1 },
  (_, i) => REVIEW_RATING.min + i,
);

const isRating = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= REVIEW_RATING.min && value <= REVIEW_RATING.max;

export function reviewErrors(fields: ReviewFields): ReviewErrors {
  const errors: ReviewErrors = {};
  if (!isRating(fields.rating)) errors.rating = 'rating';
  for (const field of REVIEW_TEXT_FIELDS) if (fields[field].length > REVIEW_TEXT_MAX) errors[field] = 'too_long';
  return errors;
}

export const hasErrors = (errors: object): boolean => Object.keys(errors).length > 0;

/** Why an image is refused before upload. */
export type ImageProblem = 'too_large' | 'not_image' | 'too_many';

/** Whether one file is an image the API accepts: its size, then what its first bytes are. */
export function imageProblem(file: { size: number }, head: Uint8Array): Exclude<ImageProblem, 'too_many'> | null {
  if (file.size > MAX_IMAGE_BYTES) return 'too_large';
  return sniffImage(head) ? null : 'not_image';
}

/**
 * Files the shopper picked, with their first bytes, sorted into those added
 * (in order, while there is room beside the `chosen` ones) and those refused
 * with the reason.
 */
export function chooseImages<F extends { size: number }>(
  chosen: number,
  picked: readonly { file: F; head: Uint8Array }[],
): { added: F[]; refused: { file: F; problem: ImageProblem }[] } {
  const added: F[] = [];
  const refused: { file: F; problem: ImageProblem }[] = [];
  for (const { file, head } of picked) {
    const problem = imageProblem(file, head) ?? (chosen + added.length >= REVIEW_MAX_IMAGES ? 'too_many' : null);
    if (problem) refused.push({ file, problem });
    else added.push(file);
  }
  return { added, refused };
}

/** The texts as sent: without surrounding blanks. */
export function trimmedTexts(fields: ReviewFields): Record<ReviewTextField, string> {
  return Object.fromEntries(REVIEW_TEXT_FIELDS.map((field) => [field, fields[field].trim()])) as Record<
    ReviewTextField,
    string
  >;
}
