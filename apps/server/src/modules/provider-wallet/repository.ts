import type { ProviderKeyOrigin, ProviderProtocol } from '@kl/contracts/admin/game-providers';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  type SQL,
  sql,
} from 'drizzle-orm';
import {
  gameProvider,
  type GameProviderRow,
  gameRound,
  member,
  type NewProviderSession,
  type NewProviderTransaction,
  providerFreeRounds,
  type ProviderFreeRoundsRow,
  providerNonce,
  providerReconciliation,
  type ProviderReconciliationRow,
  providerSession,
  type ProviderSessionRow,
  providerTransaction,
  type ProviderTransactionRow,
} from '../../db/schema/index.ts';
import type { Db, DbOrTx, Tx } from '../../platform/db.ts';
import { rowsOf } from '../../platform/db-errors.ts';
import { createOpenCache, type SecretBox, SecretBoxError } from '../../platform/secret-box.ts';
import type { SecretColumn } from '../../platform/secret-rotation.ts';
import { type AddressCheck, createAddressChecks } from './allowed-addresses.ts';

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

/**
 * The columns of a provider's keys, and what a value of each is bound to: its column and row (decision
 * 034). The settings of a provider's own protocol hold keys too (Hub88's: docs/decisions/066-hub88-adapter.md).
 */
const KEY_COLUMNS = {
  secret: 'game_provider.secret',
  previousSecret: 'game_provider.previous_secret',
  protocolSettings: 'game_provider.protocol_settings',
} as const;
type KeyColumn = keyof typeof KEY_COLUMNS;
const keyContext = (column: KeyColumn, merchantCode: string, code: string) =>
  `${KEY_COLUMNS[column]}:${merchantCode}:${code}`;

/**
 * A provider's row with its keys and protocol settings opened; `sealed` is the current key as stored (what a
 * kept row is checked against); `allowsAddress` its allowed addresses as a check, read once per list
 * (docs/decisions/069-provider-address-allow-list.md).
 */
export type OpenedProviderRow = GameProviderRow & { sealed: string; allowsAddress: AddressCheck };

/** A key to write: the key, and the previous one with the end of its overlap (or none). */
export interface ProviderKeyChange {
  secret: string;
  previous: { secret: string; until: Date } | null;
  origin: ProviderKeyOrigin;
  at: Date;
}

/** What an operator or the start changes of a provider besides its key. */
export type ProviderChange = Partial<
  Pick<
    GameProviderRow,
    'name' | 'apiUrl' | 'enabled' | 'openRoundAction' | 'openRoundHours' | 'allowedAddresses' | 'reportUrl'
  >
>;

/**
 * SQL of the provider wallet. Statements run on the caller's transaction when one is given. A provider's
 * signing keys are sealed when written and answered opened (docs/decisions/034-secrets-at-rest.md); every
 * call of every provider reads its row, so each stored key is decrypted once per process, not per call.
 */
export function createProviderWalletRepository(db: Db, secrets: SecretBox) {
  const open = createOpenCache(secrets);
  const addressCheck = createAddressChecks();
  const opened = (row: GameProviderRow): OpenedProviderRow => ({
    ...row,
    secret: open(row.secret, keyContext('secret', row.merchantCode, row.code)),
    previousSecret:
      row.previousSecret === null
        ? null
        : open(row.previousSecret, keyContext('previousSecret', row.merchantCode, row.code)),
    protocolSettings:
      row.protocolSettings === null
        ? null
        : open(row.protocolSettings, keyContext('protocolSettings', row.merchantCode, row.code)),
    sealed: row.secret,
    allowsAddress: addressCheck(row.allowedAddresses),
  });
  /** The columns that write `change` (sealed), for a provider of the merchant. */
  const keyColumns = (merchantCode: string, code: string, change: ProviderKeyChange) => ({
    secret: secrets.seal(change.secret, keyContext('secret', merchantCode, code)),
    previousSecret:
      change.previous &&
      secrets.seal(change.previous.secret, keyContext('previousSecret', merchantCode, code)),
    previousSecretUntil: change.previous?.until ?? null,
    keyOrigin: change.origin,
    keyCreatedAt: change.at,
    updatedAt: change.at,
  });
  const providerWhere = (merchantCode: string, code: string) =>
    and(eq(gameProvider.merchantCode, merchantCode), eq(gameProvider.code, code));
  /**
   * The current key `stored` sealed anew: written with a change the wallet must see at once, it makes every
   * process holding the row in memory read it again at its next bet or win (`provider_move` compares the
   * key as stored).
   */
  const resealed = (merchantCode: string, code: string, stored: string) => {
    const context = keyContext('secret', merchantCode, code);
    return secrets.seal(open(stored, context), context);
  };
  /**
   * `resealed` as the column to write; nothing for a key that no longer opens: it verifies nothing, so no
   * process takes a call under it and there is nothing to reseal.
   */
  const resealedColumn = (merchantCode: string, code: string, stored: string): { secret?: string } => {
    try {
      return { secret: resealed(merchantCode, code, stored) };
    } catch (error) {
      if (!(error instanceof SecretBoxError)) throw error;
      return {};
    }
  };
  /** The protocol and its settings, sealed (decision 034), as columns to write. */
  const protocolColumns = (
    merchantCode: string,
    code: string,
    change: { protocol: ProviderProtocol; settings: string | null },
  ) => ({
    protocol: change.protocol,
    protocolSettings:
      change.settings === null
        ? null
        : secrets.seal(change.settings, keyContext('protocolSettings', merchantCode, code)),
  });

  /** The merchant's providers as stored (keys sealed), by code. */
  const providerRows = (merchantCode: string, tx: DbOrTx = db): Promise<GameProviderRow[]> =>
    tx
      .select()
      .from(gameProvider)
      .where(eq(gameProvider.merchantCode, merchantCode))
      .orderBy(gameProvider.code);

  /** A column of sealed keys, for `npm run secrets:rotate`. */
  const sealedColumn = (column: KeyColumn): SecretColumn => ({
    name: KEY_COLUMNS[column],
    async stored() {
      const rows = await db
        .select({
          merchantCode: gameProvider.merchantCode,
          code: gameProvider.code,
          stored: gameProvider[column],
        })
        .from(gameProvider)
        .where(isNotNull(gameProvider[column]))
        .orderBy(gameProvider.merchantCode, gameProvider.code);
      return rows.flatMap(({ merchantCode, code, stored }) =>
        stored === null
          ? []
          : [
              {
                where: `provider ${code} of merchant ${merchantCode}`,
                context: keyContext(column, merchantCode, code),
                stored,
                replace: async (value: string) =>
                  (
                    await db
                      .update(gameProvider)
                      .set({ [column]: value })
                      .where(and(providerWhere(merchantCode, code), eq(gameProvider[column], stored)))
                      .returning({ code: gameProvider.code })
                  ).length === 1,
              },
            ],
      );
    },
  });

  return {
    async findProvider(merchantCode: string, code: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(gameProvider).where(providerWhere(merchantCode, code));
      return row && opened(row);
    },

    /**
     * Takes a nonce of the provider's signed call (docs/decisions/070-provider-replay-window.md): true when no
     * request used it before, or only one whose window ended by `now` (its row is taken over); false when a
     * request within its window did. One statement: the unique key lets one of any number of copies through,
     * in every process, and a copy racing the first waits for its commit, then finds it.
     */
    async takeNonce(nonce: {
      merchantCode: string;
      providerCode: string;
      nonce: string;
      expiresAt: Date;
      now: Date;
    }): Promise<boolean> {
      const taken =
        await db.execute(sql`insert into provider_nonce (merchant_code, provider_code, nonce, expires_at)
        values (${nonce.merchantCode}, ${nonce.providerCode}, ${nonce.nonce}, ${nonce.expiresAt.toISOString()}::timestamptz)
        on conflict (merchant_code, provider_code, nonce) do update set expires_at = excluded.expires_at
          where provider_nonce.expires_at < ${nonce.now.toISOString()}::timestamptz
        returning 1 as taken`);
      return rowsOf(taken).length === 1;
    },

    /** Deletes the nonces whose window ended before `before`; answers how many. */
    async pruneNonces(before: Date): Promise<number> {
      const [pruned] = rowsOf<{ count: number }>(
        await db.execute(sql`with gone as (
            delete from ${providerNonce} where ${providerNonce.expiresAt} < ${before.toISOString()}::timestamptz
            returning 1
          ) select count(*)::integer as count from gone`),
      );
      return pruned?.count ?? 0;
    },

    /**
     * Registers the provider, or changes its name, key (sealed) and switch; a new key replaces the old at
     * once (no previous key is kept). What the start and the tests register with; operators rotate instead.
     */
    async saveProvider(
      row: Pick<GameProviderRow, 'merchantCode' | 'code' | 'name' | 'secret' | 'enabled'>,
      at: Date,
      tx: DbOrTx = db,
    ): Promise<void> {
      const keys = keyColumns(row.merchantCode, row.code, {
        secret: row.secret,
        previous: null,
        origin: 'environment',
        at,
      });
      await tx
        .insert(gameProvider)
        .values({ ...row, ...keys, createdAt: at })
        .onConflictDoUpdate({
          target: [gameProvider.merchantCode, gameProvider.code],
          set: { name: row.name, enabled: row.enabled, ...keys },
        });
    },

    // The providers as the back office and the start set them up
    // (docs/decisions/050-game-providers-in-the-back-office.md).

    /** The merchant's providers as stored (keys sealed), by code. */
    providerRows,

    /** The provider's row as stored, locked until the caller's transaction ends. */
    async lockProvider(merchantCode: string, code: string, tx: DbOrTx): Promise<GameProviderRow | undefined> {
      const [row] = await tx
        .select()
        .from(gameProvider)
        .where(providerWhere(merchantCode, code))
        .for('update');
      return row;
    },

    /**
     * Adds a provider with its first key, and its protocol and settings (sealed) when given; false when its
     * code is taken.
     */
    async insertProvider(
      row: Pick<GameProviderRow, 'merchantCode' | 'code' | 'name' | 'apiUrl' | 'enabled'> &
        Partial<
          Pick<GameProviderRow, 'openRoundAction' | 'openRoundHours' | 'allowedAddresses' | 'reportUrl'>
        >,
      key: ProviderKeyChange,
      tx: DbOrTx = db,
      protocol?: { protocol: ProviderProtocol; settings: string | null },
    ): Promise<boolean> {
      const created = await tx
        .insert(gameProvider)
        .values({
          ...row,
          ...keyColumns(row.merchantCode, row.code, key),
          ...(protocol && protocolColumns(row.merchantCode, row.code, protocol)),
          createdAt: key.at,
        })
        .onConflictDoNothing({ target: [gameProvider.merchantCode, gameProvider.code] })
        .returning({ code: gameProvider.code });
      return created.length === 1;
    },

    /**
     * Changes the provider's name, address, switch, open-round policy or allowed addresses, and its keys when
     * `key` is given. New allowed addresses seal the current key anew in the same write (`resealed`): a
     * process that kept the row with the old list takes the new one from its next bet or win on
     * (docs/decisions/069-provider-address-allow-list.md).
     */
    async updateProvider(
      merchantCode: string,
      code: string,
      change: ProviderChange,
      at: Date,
      key?: ProviderKeyChange,
      tx: DbOrTx = db,
    ): Promise<void> {
      let secret: { secret?: string } | undefined;
      if (change.allowedAddresses !== undefined && key === undefined) {
        const [row] = await tx
          .select({ secret: gameProvider.secret, allowedAddresses: gameProvider.allowedAddresses })
          .from(gameProvider)
          .where(providerWhere(merchantCode, code))
          .for('update');
        if (row && row.allowedAddresses.join('\n') !== change.allowedAddresses.join('\n'))
          secret = resealedColumn(merchantCode, code, row.secret);
      }
      await tx
        .update(gameProvider)
        .set({ ...change, ...secret, updatedAt: at, ...(key && keyColumns(merchantCode, code, key)) })
        .where(providerWhere(merchantCode, code));
    },

    /**
     * Sets the protocol the provider speaks and its settings (sealed; null: none), e.g. Hub88's keys
     * (docs/decisions/066-hub88-adapter.md), in the caller's transaction when one is given (the back office's,
     * docs/decisions/072-providers-in-the-back-office.md). The current key is sealed anew in the same write:
     * every process holding the row in memory then reads it again at its next bet or win (`provider_move`
     * compares the key as stored), so a provider is never taken in the protocol it left.
     */
    async saveProtocol(
      merchantCode: string,
      code: string,
      change: { protocol: ProviderProtocol; settings: string | null },
      at: Date,
      tx?: Tx,
    ): Promise<void> {
      const save = async (into: DbOrTx) => {
        const [row] = await into
          .select({ secret: gameProvider.secret })
          .from(gameProvider)
          .where(providerWhere(merchantCode, code))
          .for('update');
        if (!row) throw new Error(`no provider ${code} of merchant ${merchantCode}`);
        await into
          .update(gameProvider)
          .set({
            ...protocolColumns(merchantCode, code, change),
            ...resealedColumn(merchantCode, code, row.secret),
            updatedAt: at,
          })
          .where(providerWhere(merchantCode, code));
      };
      await (tx ? save(tx) : db.transaction(save));
    },

    /** Ends the overlap of a rotation: the previous key is no longer kept nor accepted. */
    async dropPreviousKey(merchantCode: string, code: string, at: Date, tx: DbOrTx = db): Promise<void> {
      await tx
        .update(gameProvider)
        .set({ previousSecret: null, previousSecretUntil: null, updatedAt: at })
        .where(providerWhere(merchantCode, code));
    },

    /** Opens a stored key of the provider, or null when it does not open under SECRET_KEYS. */
    openedKey(row: GameProviderRow, column: KeyColumn): string | null {
      const stored = row[column];
      if (stored === null) return null;
      try {
        return open(stored, keyContext(column, row.merchantCode, row.code));
      } catch (error) {
        if (error instanceof SecretBoxError) return null;
        throw error;
      }
    },

    /** Every provider's stored keys, current and previous, for `npm run secrets:rotate`. */
    signingKeys: sealedColumn('secret'),
    previousSigningKeys: sealedColumn('previousSecret'),
    protocolSettings: sealedColumn('protocolSettings'),

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
      // Once: the first exchange marks it, so a launch address seen again (history, a Referer, a proxy's
      // log) opens nothing.
      const [row] = await tx
        .update(providerSession)
        .set({ authenticatedAt: now, expiresAt: sessionEndsAt })
        .where(
          and(
            eq(providerSession.tokenHash, where.tokenHash),
            eq(providerSession.merchantCode, where.merchantCode),
            eq(providerSession.providerCode, where.providerCode),
            gt(providerSession.tokenExpiresAt, now),
            isNull(providerSession.authenticatedAt),
          ),
        )
        .returning();
      return row;
    },

    /** The token as issued to this provider, if it was (to tell a used or expired token from an unknown one). */
    async tokenIssued(where: { merchantCode: string; providerCode: string; tokenHash: string }) {
      const [row] = await db
        .select({
          id: providerSession.id,
          memberId: providerSession.memberId,
          authenticatedAt: providerSession.authenticatedAt,
        })
        .from(providerSession)
        .where(
          and(
            eq(providerSession.tokenHash, where.tokenHash),
            eq(providerSession.merchantCode, where.merchantCode),
            eq(providerSession.providerCode, where.providerCode),
          ),
        );
      return row;
    },

    async findSession(id: string, tx: DbOrTx = db): Promise<ProviderSessionRow | undefined> {
      const [row] = await tx.select().from(providerSession).where(eq(providerSession.id, id));
      return row;
    },

    /**
     * The member's latest authenticated session at the provider, one of `gameId` first when it has one
     * (docs/decisions/068-pragmatic-adapter.md); found by `provider_session_member_idx`.
     */
    async latestSession(where: {
      merchantCode: string;
      providerCode: string;
      memberId: string;
      gameId: string | undefined;
    }): Promise<{ id: string } | undefined> {
      const [row] = await db
        .select({ id: providerSession.id })
        .from(providerSession)
        .where(
          and(
            eq(providerSession.memberId, where.memberId),
            eq(providerSession.merchantCode, where.merchantCode),
            eq(providerSession.providerCode, where.providerCode),
            isNotNull(providerSession.authenticatedAt),
          ),
        )
        .orderBy(
          ...(where.gameId === undefined ? [] : [desc(eq(providerSession.gameId, where.gameId))]),
          desc(providerSession.createdAt),
        )
        .limit(1);
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

    // Rounds left open (docs/decisions/064-open-provider-rounds.md).

    /** The provider's rounds still open whose first stake was taken at `before` or earlier, oldest first. */
    openRoundsStartedBy(
      provider: { merchantCode: string; code: string },
      before: Date,
      limit: number,
    ): Promise<{ roundKey: string; memberId: string; currency: string }[]> {
      return db
        .select({ roundKey: gameRound.roundKey, memberId: gameRound.memberId, currency: gameRound.currency })
        .from(gameRound)
        .where(
          and(
            eq(gameRound.merchantCode, provider.merchantCode),
            eq(gameRound.vendorCode, provider.code),
            eq(gameRound.status, 'open'),
            lte(gameRound.createdAt, before),
          ),
        )
        .orderBy(asc(gameRound.createdAt))
        .limit(limit);
    },

    /** The round's stakes not rolled back, their rows locked in id order until the transaction ends. */
    lockRoundBets(
      key: { merchantCode: string; vendorCode: string; roundKey: string; memberId: string },
      tx: DbOrTx,
    ): Promise<ProviderTransactionRow[]> {
      return tx
        .select()
        .from(providerTransaction)
        .where(
          and(
            eq(providerTransaction.merchantCode, key.merchantCode),
            eq(providerTransaction.providerCode, key.vendorCode),
            eq(providerTransaction.roundId, key.roundKey),
            eq(providerTransaction.memberId, key.memberId),
            eq(providerTransaction.kind, 'bet'),
            isNull(providerTransaction.rolledBackBy),
          ),
        )
        .orderBy(asc(providerTransaction.id))
        .for('update');
    },

    async markRolledBack(id: number, rolledBackBy: string, at: Date, tx: DbOrTx): Promise<void> {
      await tx
        .update(providerTransaction)
        .set({ rolledBackBy, rolledBackAt: at })
        .where(eq(providerTransaction.id, id));
    },

    // Free rounds (docs/decisions/065-provider-credits.md).

    async findFreeRounds(id: string, tx: DbOrTx = db): Promise<ProviderFreeRoundsRow | undefined> {
      const [row] = await tx.select().from(providerFreeRounds).where(eq(providerFreeRounds.id, id));
      return row;
    },

    /** The provider's free rounds it names by its own id of them (Hub88's `reward_uuid`). */
    async findFreeRoundsByReference(
      merchantCode: string,
      providerCode: string,
      reference: string,
    ): Promise<ProviderFreeRoundsRow | undefined> {
      const [row] = await db
        .select()
        .from(providerFreeRounds)
        .where(
          and(
            eq(providerFreeRounds.merchantCode, merchantCode),
            eq(providerFreeRounds.providerCode, providerCode),
            eq(providerFreeRounds.providerReference, reference),
          ),
        );
      return row;
    },

    /** Adds a credit's amount to what the free rounds won (inside the credit's transaction). */
    async addFreeRoundsWin(id: string, amount: bigint, tx: DbOrTx): Promise<void> {
      await tx
        .update(providerFreeRounds)
        .set({ won: sql`${providerFreeRounds.won} + ${amount}` })
        .where(eq(providerFreeRounds.id, id));
    },

    // The daily reconciliation (docs/decisions/028-provider-reconciliation.md).

    async listProviders(merchantCode: string): Promise<OpenedProviderRow[]> {
      return (await providerRows(merchantCode)).map(opened);
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
            inArray(providerTransaction.kind, ['bet', 'win', 'rollback', 'credit']),
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
