import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';

/** The picture captcha's answer: up to 6 digits (the server's refusal code when it is not). */
export const captchaSchema = z
  .string()
  .trim()
  .regex(/^\d{1,6}$/, 'WRONG_VERIFICATION_CODE');

/**
 * react-hook-form's resolver for the schema of the fields on screen. Those schemas are loose objects of
 * the visible fields only, so the form's own values type is the resolver's.
 */
export function schemaResolver<T extends FieldValues>(schema: z.ZodType<unknown, FieldValues>): Resolver<T> {
  return zodResolver(schema) as unknown as Resolver<T>;
}
