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
