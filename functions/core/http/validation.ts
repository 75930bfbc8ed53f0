/** zod at the edge: parse an input or throw ERR_VALIDATION with one message per failed field. */
import type { z } from 'zod';
import type { FieldError } from '../../../shared/errors';
import { AppError } from '../errors';

export function toFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = toFieldErrors(result.error);
  throw new AppError('ERR_VALIDATION', { message: fields[0]?.message, fields });
}
