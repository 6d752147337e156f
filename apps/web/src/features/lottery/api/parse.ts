import type { ZodType } from 'zod';
import { ApiError } from '../../../shared/lib/api-client.ts';

/** The value of an answer checked by its contracts schema (UNKNOWN_ERROR when it does not fit). */
export function parseAnswer<T>(schema: ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ApiError('UNKNOWN_ERROR', { status: 200, message: `Malformed ${what}` });
  return parsed.data;
}
