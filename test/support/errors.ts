/** The catalogue code a promise rejects with ('no error' when it resolves), for compact assertions. */
import { AppError } from '../../functions/core/errors';

export async function errorCodeOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error instanceof AppError ? error.code : error;
  }
  return 'no error';
}
