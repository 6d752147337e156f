import { and, count, desc, eq, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  gameProvider,
  type GameProviderRow,
  gameRound,
  member,
  type NewProviderSession,
  type NewProviderTransaction,
  providerReconciliation,
  type ProviderReconciliationRow,
  providerSession,
  type ProviderSessionRow,
  providerTransaction,
  type ProviderTransactionRow,
} from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { createOpenCache, type SecretBox } from '../../platform/secret-box.ts';
import type { SecretColumn } from '../../platform/secret-rotation.ts';

/** A provider's transaction id, as the unique key of its row names it. */
export interface ProviderTransactionKey {
  merchantCode: string;
  providerCode: string;
  transactionId: string;
}

const transactionWhere = (key: ProviderTransactionKey) =>
  and(
    eq(providerTransaction.merchantCode, key.merchantCode),
    eq(providerTransaction.providerCode, key.providerCode),
    eq(providerTransaction.transactionId, key.transactionId),
  );

/** Ids per `in (…)` list. */
const ID_BATCH = 500;

/** What a provider's signing key is bound to: its column and row (docs/decisions/034-secrets-at-rest.md). */
const keyContext = (merchantCode: string, code: string) => `game_provider.secret:${merchantCode}:${code}`;

/**
 * SQL of the provider wallet. Statements run on the caller's transaction when one is given. A provider's
 * signing key is sealed when written and answered opened (docs/decisions/034-secrets-at-rest.md); every
 * call of every provider reads its row, so each stored key is decrypted once per process, not per call.
 */
export function createProviderWalletRepository(db: Db, secrets: SecretBox) {
  const open = createOpenCache(secrets);
  /** The row with its key opened; `sealed` is the key as stored (what a cached row is checked against). */
  const opened = (row: GameProviderRow): GameProviderRow & { sealed: string } => ({
    ...row,
    secret: open(row.secret, keyContext(row.merchantCode, row.code)),
    sealed: row.secret,
  });

  return {
    async findProvider(merchantCode: string, code: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(gameProvider)
        .where(and(eq(gameProvider.merchantCode, merchantCode), eq(gameProvider.code, code)));
      return row && opened(row);
    },

    /** Registers the provider, or changes its name, secret (sealed) and switch. */
    async saveProvider(
      row: Pick<GameProviderRow, 'merchantCode' | 'code' | 'name' | 'secret' | 'enabled'>,
      at: Date,
      tx: DbOrTx = db,
    ): Promise<void> {
      const secret = secrets.seal(row.secret, keyContext(row.merchantCode, row.code));
      await tx
        .insert(gameProvider)
        .values({ ...row, secret, createdAt: at, updatedAt: at })
        .onConflictDoUpdate({
          target: [gameProvider.merchantCode, gameProvider.code],
          set: { name: row.name, secret, enabled: row.enabled, updatedAt: at },
        });
    },

    /** Every provider's stored signing key, for `npm run secrets:rotate`. */
    signingKeys: {
      name: 'game_provider.secret',
      async stored() {
        const rows = await db
          .select({
            merchantCode: gameProvider.merchantCode,
            code: gameProvider.code,
            secret: gameProvider.secret,
          })
          .from(gameProvider)
          .orderBy(gameProvider.merchantCode, gameProvider.code);
        return rows.map(({ merchantCode, code, secret }) => ({
          where: `provider ${code} of merchant ${merchantCode}`,
          context: keyContext(merchantCode, code),
          stored: secret,
          replace: async (value: string) =>
            (
              await db
                .update(gameProvider)
                .set({ secret: value })
                .where(
                  and(
                    eq(gameProvider.merchantCode, merchantCode),
                    eq(gameProvider.code, code),
                    eq(gameProvider.secret, secret),
                  ),
                )
                .returning({ code: gameProvider.code })
            ).length === 1,
        }));
      },
    } satisfies SecretColumn,

    /** What the wallet needs of a member: its merchant, name, type and whether an operator disabled it. */
    async findMember(memberId: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          id: member.id,
          merchantCode: member.merchantCode,
          username: member.username,
          nickname: member.nickname,
          type: member.type,
          disabledAt: member.disabledAt,
        })
        .from(member)
        .where(eq(member.id, memberId));
      return row;
    },

    async insertSession(row: NewProviderSession, tx: DbOrTx = db): Promise<ProviderSessionRow> {
      const [created] = await tx.insert(providerSession).values(row).returning();
      if (!created) throw new Error('the provider session was not created');
      return created;
    },

    /**
     * The provider's exchange of a launch token still within its time: the session, authenticated at the
     * first exchange (a repeat answers the same session, its times unchanged); undefined otherwise.
     */
    async exchangeToken(
      where: { merchantCode: string; providerCode: string; tokenHash: string },
      now: Date,
      sessionEndsAt: Date,
      tx: DbOrTx = db,
    ): Promise<ProviderSessionRow | undefined> {
      const [row] = await tx
        .update(providerSession)
        .set({
          authenticatedAt: sql`coalesce(${providerSession.authenticatedAt}, ${now})`,
          expiresAt: sql`coalesce(${providerSession.expiresAt}, ${sessionEndsAt})`,
        })
        .where(
          and(
            eq(providerSession.tokenHash, where.tokenHash),
            eq(providerSession.merchantCode, where.merchantCode),
            eq(providerSession.providerCode, where.providerCode),
            gt(providerSession.tokenExpiresAt, now),
          ),
        )
        .returning();
      return row;
    },

    /** Whether the provider was given this token at all (to tell an expired token from an unknown one). */
    async tokenIssued(where: { merchantCode: string; providerCode: string; tokenHash: string }) {
      const [row] = await db
        .select({ id: providerSession.id })
        .from(providerSession)
        .where(
          and(
            eq(providerSession.tokenHash, where.tokenHash),
            eq(providerSession.merchantCode, where.merchantCode),
            eq(providerSession.providerCode, where.providerCode),
          ),
        );
      return row !== undefined;
    },

    async findSession(id: string, tx: DbOrTx = db): Promise<ProviderSessionRow | undefined> {
      const [row] = await tx.select().from(providerSession).where(eq(providerSession.id, id));
      return row;
    },

    async findTransaction(
      key: ProviderTransactionKey,
      tx: DbOrTx = db,
    ): Promise<ProviderTransactionRow | undefined> {
      const [row] = await tx.select().from(providerTransaction).where(transactionWhere(key));
      return row;
    },

    /** The row of the id, locked until the caller's transaction ends (a bet about to be refunded). */
    async lockTransaction(
      key: ProviderTransactionKey,
      tx: DbOrTx,
    ): Promise<ProviderTransactionRow | undefined> {
      const [row] = await tx.select().from(providerTransaction).where(transactionWhere(key)).for('update');
      return row;
    },

    /**
     * Records a transaction id; undefined when the id is taken. On PostgreSQL a concurrent insert of the
     * same id waits here for the other transaction, then finds the id taken (or free, if it rolled back).
     */
    async insertTransaction(
      row: NewProviderTransaction,
      tx: DbOrTx,
    ): Promise<ProviderTransactionRow | undefined> {
      const [created] = await tx
        .insert(providerTransaction)
        .values(row)
        .onConflictDoNothing({
          target: [
            providerTransaction.merchantCode,
            providerTransaction.providerCode,
            providerTransaction.transactionId,
          ],
        })
        .returning();
      return created;
    },

    async markRolledBack(id: number, rolledBackBy: string, at: Date, tx: DbOrTx): Promise<void> {
      await tx
        .update(providerTransaction)
        .set({ rolledBackBy, rolledBackAt: at })
        .where(eq(providerTransaction.id, id));
    },

    // The daily reconciliation (docs/decisions/028-provider-reconciliation.md).

    async listProviders(merchantCode: string): Promise<GameProviderRow[]> {
      const rows = await db
        .select()
        .from(gameProvider)
        .where(eq(gameProvider.merchantCode, merchantCode))
        .orderBy(gameProvider.code);
      return rows.map(opened);
    },

    /** The provider's bets, wins and rollbacks recorded in [from, to) (void bets are not transactions). */
    async transactionsRecordedBetween(
      merchantCode: string,
      providerCode: string,
      from: Date,
      to: Date,
    ): Promise<ProviderTransactionRow[]> {
      return db
        .select()
        .from(providerTransaction)
        .where(
          and(
            eq(providerTransaction.merchantCode, merchantCode),
            eq(providerTransaction.providerCode, providerCode),
            gte(providerTransaction.createdAt, from),
            lt(providerTransaction.createdAt, to),
            inArray(providerTransaction.kind, ['bet', 'win', 'rollback']),
          ),
        )
        .orderBy(providerTransaction.id);
    },

    /** The provider's transactions of these ids, whenever recorded. */
    async transactionsByIds(
      merchantCode: string,
      providerCode: string,
      ids: readonly string[],
    ): Promise<ProviderTransactionRow[]> {
      const rows: ProviderTransactionRow[] = [];
      for (let start = 0; start < ids.length; start += ID_BATCH) {
        rows.push(
          ...(await db
            .select()
            .from(providerTransaction)
            .where(
              and(
                eq(providerTransaction.merchantCode, merchantCode),
                eq(providerTransaction.providerCode, providerCode),
                inArray(providerTransaction.transactionId, ids.slice(start, start + ID_BATCH)),
              ),
            )),
        );
      }
      return rows;
    },

    /** The provider's rounds among these keys still open at the operator: round key and member. */
    async openRounds(
      merchantCode: string,
      providerCode: string,
      roundKeys: readonly string[],
    ): Promise<{ roundKey: string; memberId: string }[]> {
      const rows: { roundKey: string; memberId: string }[] = [];
      for (let start = 0; start < roundKeys.length; start += ID_BATCH) {
        rows.push(
          ...(await db
            .select({ roundKey: gameRound.roundKey, memberId: gameRound.memberId })
            .from(gameRound)
            .where(
              and(
                eq(gameRound.merchantCode, merchantCode),
                eq(gameRound.vendorCode, providerCode),
                inArray(gameRound.roundKey, roundKeys.slice(start, start + ID_BATCH)),
                eq(gameRound.status, 'open'),
              ),
            )),
        );
      }
      return rows;
    },

    /** Stores a run's result, replacing the day's earlier one. */
    async saveReconciliation(row: Omit<ProviderReconciliationRow, 'id'>): Promise<ProviderReconciliationRow> {
      const { providerCode, day } = row;
      const { merchantCode: _merchant, providerCode: _provider, day: _day, ...result } = row;
      const [saved] = await db
        .insert(providerReconciliation)
        .values(row)
        .onConflictDoUpdate({
          target: [
            providerReconciliation.merchantCode,
            providerReconciliation.providerCode,
            providerReconciliation.day,
          ],
          set: result,
        })
        .returning();
      if (!saved) throw new Error(`the reconciliation of ${providerCode} ${day} was not stored`);
      return saved;
    },

    async findReconciliation(merchantCode: string, id: number) {
      const [row] = await db
        .select()
        .from(providerReconciliation)
        .where(and(eq(providerReconciliation.merchantCode, merchantCode), eq(providerReconciliation.id, id)));
      return row;
    },

    async findReconciliationOf(merchantCode: string, providerCode: string, day: string) {
      const [row] = await db
        .select({ id: providerReconciliation.id })
        .from(providerReconciliation)
        .where(
          and(
            eq(providerReconciliation.merchantCode, merchantCode),
            eq(providerReconciliation.providerCode, providerCode),
            eq(providerReconciliation.day, day),
          ),
        );
      return row;
    },

    /** A page of runs, the latest day first. */
    async reconciliations(
      merchantCode: string,
      filter: { providerCode?: string | undefined; differences?: boolean | undefined },
      page: { limit: number; offset: number },
    ) {
      const conditions: SQL[] = [eq(providerReconciliation.merchantCode, merchantCode)];
      if (filter.providerCode !== undefined)
        conditions.push(eq(providerReconciliation.providerCode, filter.providerCode));
      if (filter.differences !== undefined)
        conditions.push(eq(providerReconciliation.status, filter.differences ? 'differences' : 'clean'));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(providerReconciliation)
          .where(where)
          .orderBy(desc(providerReconciliation.day), providerReconciliation.providerCode)
          .limit(page.limit)
          .offset(page.offset),
        db.select({ total: count() }).from(providerReconciliation).where(where),
      ]);
      return { rows, total: total?.total ?? 0 };
    },
  };
}

export type ProviderWalletRepository = ReturnType<typeof createProviderWalletRepository>;
