/**
 * A failed call, as the reference API throws it and the storefront's client
 * reports it: the HTTP status (0 when no answer came: timeout, network), the
 * message, and for a 400 the messages per field, for a 429 the seconds to wait.
 */
import type { Challenge } from './proof.ts';
import type { ErrorBody } from './schemas.ts';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly errors: Record<string, string[]> | undefined;
  readonly retryAfter: number | undefined;
  /** For a 428: the proof of work the call needs. */
  readonly challenge: Challenge | undefined;

  constructor(
    status: number,
    detail: string,
    errors?: Record<string, string[]>,
    retryAfter?: number,
    challenge?: Challenge,
  ) {
    super(detail);
    this.status = status;
    this.errors = errors;
    this.retryAfter = retryAfter;
    this.challenge = challenge;
  }

  /** The contract's error answer. */
  get body(): ErrorBody {
    return {
      detail: this.message,
      ...(this.errors ? { errors: this.errors } : {}),
      ...(this.retryAfter !== undefined ? { retry_after: this.retryAfter } : {}),
      ...(this.challenge ? { challenge: this.challenge } : {}),
    };
  }
}
