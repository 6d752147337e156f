import type { InvitationPurpose } from '@kl/contracts/admin/credentials';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { operatorInvitation, type OperatorInvitationRow } from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';

/** Operators' invitation links (docs/back-office.md, "Operators"): only the token's SHA-256 is kept. */
export function createInvitationRepository(db: Db) {
  return {
    /** A new invitation; the operator's earlier ones still open are closed (one link works at a time). */
    async insert(
      values: {
        operatorId: string;
        purpose: InvitationPurpose;
        tokenHash: string;
        issuedBy: string;
        createdAt: Date;
        expiresAt: Date;
      },
      tx: DbOrTx,
    ): Promise<OperatorInvitationRow> {
      await tx
        .update(operatorInvitation)
        .set({ usedAt: values.createdAt })
        .where(and(eq(operatorInvitation.operatorId, values.operatorId), isNull(operatorInvitation.usedAt)));
      const [row] = await tx.insert(operatorInvitation).values(values).returning();
      if (!row) throw new Error('invitation not inserted');
      return row;
    },

    async byTokenHash(tokenHash: string): Promise<OperatorInvitationRow | undefined> {
      const [row] = await db
        .select()
        .from(operatorInvitation)
        .where(eq(operatorInvitation.tokenHash, tokenHash));
      return row;
    },

    /**
     * Uses the invitation: one conditional UPDATE, so of two requests at once only one gets it. False when
     * it was used (or replaced) already or has expired.
     */
    async consume(id: string, now: Date, tx: DbOrTx): Promise<boolean> {
      const rows = await tx
        .update(operatorInvitation)
        .set({ usedAt: now })
        .where(
          and(
            eq(operatorInvitation.id, id),
            isNull(operatorInvitation.usedAt),
            gt(operatorInvitation.expiresAt, now),
          ),
        )
        .returning({ id: operatorInvitation.id });
      return rows.length === 1;
    },
  };
}
export type InvitationRepository = ReturnType<typeof createInvitationRepository>;
