import type { DepositLimitPeriod } from '@kl/contracts/responsible-gaming';
import { and, asc, desc, eq, gt, or, sql, sum } from 'drizzle-orm';
import {
  depositLimit,
  type DepositLimitRow,
  depositOrder,
  memberExclusion,
  type MemberExclusionRow,
  realityCheck,
} from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';

/** SQL of responsible gaming. Statements run on the caller's transaction when one is given. */
/** The exclusion in force at `now` that ends last: the builder, on the database or a transaction. */
const activeExclusionOf = (on: DbOrTx) =>
  on
    .select()
    .from(memberExclusion)
    .where(
      and(
        eq(memberExclusion.memberId, sql.placeholder('memberId')),
        gt(memberExclusion.endsAt, sql.placeholder('now')),
      ),
    )
    .orderBy(desc(memberExclusion.endsAt))
    .limit(1);

export function createResponsibleGamingRepository(db: Db) {
  // Read before every stake of every game: prepared once per connection (docs/decisions/038-money-functions.md).
  const preparedActiveExclusion = activeExclusionOf(db).prepare('member_active_exclusion');
  return {
    async limits(memberId: string, tx: DbOrTx = db): Promise<DepositLimitRow[]> {
      return tx
        .select()
        .from(depositLimit)
        .where(eq(depositLimit.memberId, memberId))
        .orderBy(asc(depositLimit.period));
    },

    /** The member's limit rows, locked until the transaction ends (one deposit check at a time). */
    async lockLimits(memberId: string, tx: DbOrTx): Promise<DepositLimitRow[]> {
      return tx.select().from(depositLimit).where(eq(depositLimit.memberId, memberId)).for('update');
    },

    async saveLimit(
      row: {
        memberId: string;
        period: DepositLimitPeriod;
        amount: bigint | null;
        pendingAmount: bigint | null;
        pendingEffectiveAt: Date | null;
        updatedAt: Date;
      },
      tx: DbOrTx = db,
    ): Promise<void> {
      await tx
        .insert(depositLimit)
        .values(row)
        .onConflictDoUpdate({
          target: [depositLimit.memberId, depositLimit.period],
          set: {
            amount: row.amount,
            pendingAmount: row.pendingAmount,
            pendingEffectiveAt: row.pendingEffectiveAt,
            updatedAt: row.updatedAt,
          },
        });
    },

    /** Deposits that count toward a limit: paid, or pending and not yet expired, created after `since`. */
    async depositedSince(memberId: string, since: Date, now: Date, tx: DbOrTx = db): Promise<bigint> {
      const [row] = await tx
        .select({ total: sum(depositOrder.amount) })
        .from(depositOrder)
        .where(
          and(
            eq(depositOrder.memberId, memberId),
            gt(depositOrder.createdAt, since),
            or(
              eq(depositOrder.status, 'paid'),
              and(eq(depositOrder.status, 'pending'), gt(depositOrder.expiresAt, now)),
            ),
          ),
        );
      return BigInt(row?.total ?? 0);
    },

    /** The exclusion in force at `now` that ends last, if any. */
    async activeExclusion(
      memberId: string,
      now: Date,
      tx: DbOrTx = db,
    ): Promise<MemberExclusionRow | undefined> {
      const [row] = await (tx === db ? preparedActiveExclusion : activeExclusionOf(tx)).execute({
        memberId,
        now: now.toISOString(),
      });
      return row;
    },

    async insertExclusion(
      row: typeof memberExclusion.$inferInsert,
      tx: DbOrTx = db,
    ): Promise<MemberExclusionRow> {
      const [created] = await tx.insert(memberExclusion).values(row).returning();
      if (!created) throw new Error('member_exclusion insert returned nothing');
      return created;
    },

    async realityCheckOf(memberId: string, tx: DbOrTx = db): Promise<number | undefined> {
      const [row] = await tx
        .select({ intervalMinutes: realityCheck.intervalMinutes })
        .from(realityCheck)
        .where(eq(realityCheck.memberId, memberId));
      return row?.intervalMinutes;
    },

    async saveRealityCheck(memberId: string, intervalMinutes: number, now: Date, tx: DbOrTx = db) {
      await tx
        .insert(realityCheck)
        .values({ memberId, intervalMinutes, updatedAt: now })
        .onConflictDoUpdate({
          target: realityCheck.memberId,
          set: { intervalMinutes, updatedAt: now },
        });
    },

    /** Serialises a member's exclusion starts (PostgreSQL; PGlite runs one transaction at a time). */
    async lockMember(memberId: string, tx: DbOrTx): Promise<void> {
      await tx.execute(sql`select id from member where id = ${memberId} for update`);
    },
  };
}

export type ResponsibleGamingRepository = ReturnType<typeof createResponsibleGamingRepository>;
