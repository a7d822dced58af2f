/** What the API answered to a failed call, for a step that shows the backend's own words (sign-in's throttling). */
import type { ApiError } from '#contract/errors.ts';
import type { ErrorBody } from '#contract/schemas.ts';
import { statusOf } from './api.ts';

/** The answer's message, field messages and retry_after; none when no answer came. */
export const refusalOf = (error: unknown): ErrorBody | undefined =>
  statusOf(error) ? (error as ApiError).body : undefined;
