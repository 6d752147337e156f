import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { LocalizedText } from '@kl/contracts/content';
import type { LedgerKind } from '@kl/contracts/wallet';
import {
  ledgerTransaction,
  type NewWageringRequirementRow,
  promotion,
  promotionClaim,
  type WageringRequirementRow,
  type WageringSettingRow,
  wageringProgress,
  wageringRequirement,
  wageringSetting,
} from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';

/** How many closed requirements a member's summary shows after the running ones. */
const CLOSED_SHOWN = 10;

export function createWageringRepository(db: Db) {
  return {
    async setting(merchantCode: string, tx: DbOrTx = db): Promise<WageringSettingRow | undefined> {
      const [row] = await tx
        .select()
        .from(wageringSetting)
        .where(eq(wageringSetting.merchantCode, merchantCode));
      return row;
    },

    /**
     * Shrinks the member's running locks, oldest first and bonus before deposit, to what `available` still
     * holds (`wagering_clamp`, docs/decisions/038-money-functions.md).
     */
    async clamp(memberId: string, available: bigint, now: Date, tx: DbOrTx): Promise<void> {
      await tx.execute(
        sql`select wagering_clamp(${memberId}::uuid, ${available.toString()}::bigint, ${now.toISOString()}::timestamptz)`,
      );
    },

    /**
     * A settled round's stake counted toward the member's running requirements, the payout locked with the
     * oldest bonus still running (`wagering_round_settled`); `defaultPercent` is the contribution of a
     * merchant without settings.
     */
    async roundSettled(
      round: {
        id: string;
        merchantCode: string;
        memberId: string;
        gameType: string;
        stake: bigint;
        payout: bigint;
      },
      defaultPercent: number,
      now: Date,
      tx: DbOrTx,
    ): Promise<void> {
      await tx.execute(sql`select wagering_round_settled(${round.id}::uuid, ${round.merchantCode},
        ${round.memberId}::uuid, ${round.gameType}, ${round.stake.toString()}::bigint,
        ${round.payout.toString()}::bigint, ${defaultPercent}::integer, ${now.toISOString()}::timestamptz)`);
    },

    /** The member's running requirements, oldest first, held until the caller's transaction ends. */
    async lockActive(memberId: string, tx: DbOrTx): Promise<WageringRequirementRow[]> {
      return tx
        .select()
        .from(wageringRequirement)
        .where(and(eq(wageringRequirement.memberId, memberId), eq(wageringRequirement.status, 'active')))
        .orderBy(asc(wageringRequirement.id))
        .for('update');
    },

    /** Running requirements first (oldest first), then the last closed ones (newest first). */
    async ofMember(memberId: string, tx: DbOrTx = db): Promise<WageringRequirementRow[]> {
      const active = await tx
        .select()
        .from(wageringRequirement)
        .where(and(eq(wageringRequirement.memberId, memberId), eq(wageringRequirement.status, 'active')))
        .orderBy(asc(wageringRequirement.id));
      const closed = await tx
        .select()
        .from(wageringRequirement)
        .where(
          and(eq(wageringRequirement.memberId, memberId), sql`${wageringRequirement.status} <> 'active'`),
        )
        .orderBy(desc(wageringRequirement.id))
        .limit(CLOSED_SHOWN);
      return [...active, ...closed];
    },

    /** The running requirements of these members. */
    async activeOfMembers(memberIds: readonly string[], tx: DbOrTx = db): Promise<WageringRequirementRow[]> {
      if (memberIds.length === 0) return [];
      return tx
        .select()
        .from(wageringRequirement)
        .where(
          and(
            inArray(wageringRequirement.memberId, [...memberIds]),
            eq(wageringRequirement.status, 'active'),
          ),
        );
    },

    async ofClaims(claimIds: readonly number[], tx: DbOrTx = db): Promise<WageringRequirementRow[]> {
      if (claimIds.length === 0) return [];
      return tx
        .select()
        .from(wageringRequirement)
        .where(inArray(wageringRequirement.claimId, [...claimIds]));
    },

    /** The promotion of each claim (its id and title). */
    async promotionsOfClaims(
      claimIds: readonly number[],
      tx: DbOrTx = db,
    ): Promise<{ claimId: number; promotionId: number; title: LocalizedText }[]> {
      if (claimIds.length === 0) return [];
      return tx
        .select({ claimId: promotionClaim.id, promotionId: promotion.id, title: promotion.title })
        .from(promotionClaim)
        .innerJoin(promotion, eq(promotion.id, promotionClaim.promotionId))
        .where(inArray(promotionClaim.id, [...claimIds]));
    },

    /** The kind of each bonus transaction, and the game its memo names (a provider's credit's). */
    async bonusTransactions(
      ids: readonly number[],
      tx: DbOrTx = db,
    ): Promise<{ id: number; kind: LedgerKind; gameName: string | null }[]> {
      if (ids.length === 0) return [];
      return tx
        .select({
          id: ledgerTransaction.id,
          kind: ledgerTransaction.kind,
          gameName: sql<string | null>`${ledgerTransaction.memo} ->> 'gameName'`,
        })
        .from(ledgerTransaction)
        .where(inArray(ledgerTransaction.id, [...ids]));
    },

    async find(id: number, tx: DbOrTx = db): Promise<WageringRequirementRow | undefined> {
      const [row] = await tx.select().from(wageringRequirement).where(eq(wageringRequirement.id, id));
      return row;
    },

    async lock(id: number, tx: DbOrTx): Promise<WageringRequirementRow | undefined> {
      const [row] = await tx
        .select()
        .from(wageringRequirement)
        .where(eq(wageringRequirement.id, id))
        .for('update');
      return row;
    },

    async lockOfDeposit(
      depositTransactionId: number,
      tx: DbOrTx,
    ): Promise<WageringRequirementRow | undefined> {
      const [row] = await tx
        .select()
        .from(wageringRequirement)
        .where(eq(wageringRequirement.depositTransactionId, depositTransactionId))
        .for('update');
      return row;
    },

    /** Inserts a requirement unless one exists for its claim or deposit (then undefined). */
    async insert(row: NewWageringRequirementRow, tx: DbOrTx): Promise<WageringRequirementRow | undefined> {
      const [created] = await tx.insert(wageringRequirement).values(row).onConflictDoNothing().returning();
      return created;
    },

    async update(
      id: number,
      changes: Partial<
        Pick<
          WageringRequirementRow,
          | 'claimId'
          | 'bonusTransactionId'
          | 'required'
          | 'progress'
          | 'lockedBonus'
          | 'lockedDeposit'
          | 'status'
          | 'forfeitTransactionId'
          | 'updatedAt'
          | 'closedAt'
        >
      >,
      tx: DbOrTx,
    ): Promise<WageringRequirementRow> {
      const [row] = await tx
        .update(wageringRequirement)
        .set(changes)
        .where(eq(wageringRequirement.id, id))
        .returning();
      if (!row) throw new Error(`wagering requirement ${id} vanished`);
      return row;
    },

    /** Records what a round added to a requirement; false when that round already counted for it. */
    async insertProgress(
      row: { requirementId: number; roundId: string; percent: number; amount: bigint; createdAt: Date },
      tx: DbOrTx,
    ): Promise<boolean> {
      const created = await tx
        .insert(wageringProgress)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: wageringProgress.requirementId });
      return created.length > 0;
    },
  };
}

export type WageringRepository = ReturnType<typeof createWageringRepository>;
