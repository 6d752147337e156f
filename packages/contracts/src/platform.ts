import { z } from 'zod';

export const health = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
  version: z.string(),
});
export type Health = z.infer<typeof health>;

export const OUTBOX_KINDS = ['sms', 'email', 'captcha'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/** One message the development outbox recorded instead of sending it (ARCHITECTURE.md). */
export const outboxEntry = z.object({
  kind: z.enum(OUTBOX_KINDS),
  to: z.string(),
  code: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type OutboxEntry = z.infer<typeof outboxEntry>;

export const outboxQuery = z.object({ kind: z.enum(OUTBOX_KINDS).optional() });
