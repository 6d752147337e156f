import type { OutboxEntry, OutboxKind } from '@kl/contracts/platform';
import type { OutboxRepository } from './repository.ts';

/** How many messages GET /api/dev/outbox answers at most. */
export const OUTBOX_LIST_LIMIT = 100;

export function createOutboxService(deps: { outbox: OutboxRepository }) {
  return {
    /** What the development outbox recorded, newest first (at most OUTBOX_LIST_LIMIT messages). */
    async listMessages(kind?: OutboxKind): Promise<OutboxEntry[]> {
      const rows = await deps.outbox.listLatest({ ...(kind && { kind }), limit: OUTBOX_LIST_LIMIT });
      return rows.map((row) => ({
        kind: row.kind,
        to: row.to,
        code: row.code,
        text: row.text,
        createdAt: row.createdAt.toISOString(),
      }));
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
