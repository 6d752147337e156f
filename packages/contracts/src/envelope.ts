import { z } from 'zod';
import { ERROR_CODES } from './errors.ts';

/** `{ success: true, value }`: every successful answer of the API. */
export function successEnvelope<T extends z.ZodType>(value: T) {
  return z.object({ success: z.literal(true), value });
}

/** `{ success: false, code, message, value? }`: every failed answer of the API. */
export const failureEnvelope = z.object({
  success: z.literal(false),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  value: z.record(z.string(), z.unknown()).optional(),
});

export type FailureEnvelope = z.infer<typeof failureEnvelope>;
export type SuccessEnvelope<T> = { success: true; value: T };
export type Envelope<T> = SuccessEnvelope<T> | FailureEnvelope;
