import type { OutboxKind } from '@kl/contracts/platform';
import { desc, eq } from 'drizzle-orm';
import { devOutbox, type DevOutboxRow } from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';

export function createOutboxRepository(db: Db) {
  return {
    /** The latest messages, newest first. */
    async listLatest(options: { kind?: OutboxKind; limit: number }, tx?: DbOrTx): Promise<DevOutboxRow[]> {
      return (tx ?? db)
        .select()
        .from(devOutbox)
        .where(options.kind ? eq(devOutbox.kind, options.kind) : undefined)
        .orderBy(desc(devOutbox.createdAt), desc(devOutbox.id))
        .limit(options.limit);
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
