/**
 * Domain errors: a use case throws `AppError` with a code of the catalogue; the HTTP error middleware
 * turns it into `{ "error": code }` with the catalogue's status. Anything else is unexpected and is
 * answered ERR_INTERNAL_SERVER_ERROR without detail.
 */
import { ERROR_STATUS, type ErrorCode, type FieldError } from '../../shared/errors';

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly options: { message?: string; fields?: readonly FieldError[]; details?: Record<string, unknown> } = {},
  ) {
    super(options.message ?? code);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

/**
 * A write that lost its optimistic-concurrency race more often than it retries: answered 409
 * ERR_CONFLICT (nothing saved, try again), never "not found" for an object that exists nor a 500.
 */
export const conflict = (what: string): AppError =>
  new AppError('ERR_CONFLICT', { message: `${what} kept changing while being saved; nothing was saved, try again` });

/** Whether `error` is such a conflict: nothing was saved, so the caller may read again and retry. */
export const isConflict = (error: unknown): boolean => error instanceof AppError && error.code === 'ERR_CONFLICT';
