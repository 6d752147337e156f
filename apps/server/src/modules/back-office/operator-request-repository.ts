import type { AdminArea } from '@kl/contracts/admin/access';
import type { OperatorRequestKind, OperatorRequestStatus } from '@kl/contracts/admin/credentials';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { operator, operatorRequest, type OperatorRequestRow } from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';

/** A request with the usernames of who asked and who decided. */
export interface OperatorRequestRecord {
  row: OperatorRequestRow;
  requestedBy: string;
  decidedBy: string | null;
}

const decider = alias(operator, 'decider');

/** Requests one operator makes and another decides (operator-requests.ts). */
export function createOperatorRequestRepository(db: Db) {
  const records = (tx: DbOrTx) =>
    tx
      .select({ row: operatorRequest, requestedBy: operator.username, decidedBy: decider.username })
      .from(operatorRequest)
      .innerJoin(operator, eq(operator.id, operatorRequest.requestedBy))
      .leftJoin(decider, eq(decider.id, operatorRequest.decidedBy));

  return {
    /** A new pending request; undefined when one of the kind already waits for the target. */
    async insert(
      values: Omit<typeof operatorRequest.$inferInsert, 'id' | 'status'>,
      tx: DbOrTx,
    ): Promise<OperatorRequestRow | undefined> {
      const [row] = await tx
        .insert(operatorRequest)
        .values({ ...values, status: 'pending' })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async record(id: string, tx: DbOrTx = db): Promise<OperatorRequestRecord | undefined> {
      const [found] = await records(tx).where(eq(operatorRequest.id, id));
      return found;
    },

    /** The row, locked until the transaction ends (two deciders at once). */
    async lock(merchantCode: string, id: string, tx: DbOrTx): Promise<OperatorRequestRow | undefined> {
      const [row] = await tx
        .select()
        .from(operatorRequest)
        .where(and(eq(operatorRequest.merchantCode, merchantCode), eq(operatorRequest.id, id)))
        .for('update');
      return row;
    },

    async update(
      id: string,
      set: Partial<Pick<OperatorRequestRow, 'status' | 'decidedBy' | 'decidedAt' | 'decisionNote'>>,
      tx: DbOrTx,
    ): Promise<void> {
      await tx.update(operatorRequest).set(set).where(eq(operatorRequest.id, id));
    },

    /** The requests of a kind waiting for a decision, oldest first. */
    async pendingOfKind(
      merchantCode: string,
      kind: OperatorRequestKind,
      tx: DbOrTx = db,
    ): Promise<OperatorRequestRecord[]> {
      return records(tx)
        .where(
          and(
            eq(operatorRequest.merchantCode, merchantCode),
            eq(operatorRequest.kind, kind),
            eq(operatorRequest.status, 'pending'),
          ),
        )
        .orderBy(asc(operatorRequest.requestedAt), asc(operatorRequest.id));
    },

    /** Newest first, of the given areas, optionally of one status. */
    async page(
      merchantCode: string,
      filter: { areas: readonly AdminArea[]; status?: OperatorRequestStatus | undefined },
      limit: number,
      offset: number,
    ): Promise<{ rows: OperatorRequestRecord[]; total: number }> {
      if (filter.areas.length === 0) return { rows: [], total: 0 };
      const where: SQL[] = [
        eq(operatorRequest.merchantCode, merchantCode),
        inArray(operatorRequest.area, [...filter.areas]),
      ];
      if (filter.status) where.push(eq(operatorRequest.status, filter.status));
      const condition = and(...where);
      const [rows, [total]] = await Promise.all([
        records(db)
          .where(condition)
          .orderBy(desc(operatorRequest.requestedAt), desc(operatorRequest.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(operatorRequest).where(condition),
      ]);
      return { rows, total: total?.total ?? 0 };
    },
  };
}
export type OperatorRequestRepository = ReturnType<typeof createOperatorRequestRepository>;
