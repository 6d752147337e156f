import { isTrialMember } from '@kl/contracts/accounts';
import type { FreeRoundsStatus } from '@kl/contracts/admin/free-rounds';
import { ACTUAL_ACCOUNT_REQUIRED } from '@kl/contracts/deposit';
import {
  FREE_ROUNDS_MAX,
  FREE_ROUNDS_TURNOVER_MAX,
  PROVIDER_CODE_HEADER,
  PROVIDER_SIGNATURE_HEADER,
  PROVIDER_TIMESTAMP_HEADER,
} from '@kl/contracts/provider-wallet';
import { hub88TimeOf } from '@kl/contracts/provider-hub88';
import { FREE_ROUNDS_PURPOSE } from '@kl/contracts/sandbox-provider';
import { MAX_LEDGER_AMOUNT, WALLET_CURRENCY } from '@kl/contracts/wallet';
import { and, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import {
  type NewProviderFreeRounds,
  providerFreeRounds,
  type ProviderFreeRoundsRow,
} from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import { hub88Amount } from './hub88/amounts.ts';
import { createHub88OperatorApi, type Hub88OperatorApi, Hub88OperatorFailure } from './hub88/operator-api.ts';
import type { OpenedProviderRow, ProviderWalletRepository } from './repository.ts';
import type { LaunchableGame } from './service.ts';
import { signProviderMessage } from '@kl/signing/provider';

/**
 * Free rounds granted to members at game providers (docs/decisions/065-provider-credits.md): written here,
 * handed to the provider through its API (signed with the key it shares with the operator), and paid,
 * round by round, through the provider's `free_round` credits. Who may grant and who approves is the back
 * office's (back-office/free-rounds).
 */

export { FREE_ROUNDS_MAX, FREE_ROUNDS_TURNOVER_MAX };

/** The signed purpose of the operator's call that hands free rounds to a provider (the site's own protocol). */
export { FREE_ROUNDS_PURPOSE };

const DELIVERY_TIMEOUT_MS = 10_000;

/** What a grant asks for. */
export interface FreeRoundsDraft {
  merchantCode: string;
  providerCode: string;
  memberId: string;
  gameId: string;
  rounds: number;
  roundValue: bigint;
  turnoverMultiple: number;
  expiresAt: Date;
  /** `active` for a grant the provider already has (a test's, a promotion's own); otherwise written first. */
  status: FreeRoundsStatus;
  reason?: string | null;
  idempotencyKey?: string | null;
  requestedBy?: string | null;
}

/** What a provider answered a grant: taken (with its own id of it, when it gives one), or why not. */
type HandedOver = { reference: string | null } | { failure: string };

export function createFreeRoundsBook(deps: {
  db: Db;
  clock: Clock;
  wallet: ProviderWalletRepository;
  findGame: (merchantCode: string, gameId: string, tx?: DbOrTx) => Promise<LaunchableGame | undefined>;
  /**
   * Where a provider of the site's own protocol takes free rounds; undefined when it cannot be told (no
   * such API known). A provider of Hub88's protocol takes them as Hub88's rewards, at its API address.
   */
  grantUrl: (providerCode: string) => string | undefined;
  hub88?: Hub88OperatorApi;
  fetch?: typeof fetch;
}) {
  const { db, clock, wallet } = deps;
  const hub88 = deps.hub88 ?? createHub88OperatorApi(deps.fetch ? { fetch: deps.fetch } : {});
  async function view(id: string, tx: DbOrTx = db): Promise<ProviderFreeRoundsRow> {
    const [found] = await tx.select().from(providerFreeRounds).where(eq(providerFreeRounds.id, id));
    if (!found) throw new DomainError('NOT_FOUND', { reason: 'FREE_ROUNDS_NOT_FOUND' });
    return found;
  }

  async function update(
    id: string,
    change: Partial<
      Pick<
        ProviderFreeRoundsRow,
        'status' | 'decidedBy' | 'decidedAt' | 'deliveredAt' | 'deliveryError' | 'providerReference'
      >
    >,
    tx: DbOrTx = db,
  ): Promise<void> {
    await tx.update(providerFreeRounds).set(change).where(eq(providerFreeRounds.id, id));
  }

  async function toNative(provider: OpenedProviderRow, row: ProviderFreeRoundsRow): Promise<HandedOver> {
    const url = deps.grantUrl(row.providerCode);
    if (!url) return { failure: 'NO_FREE_ROUNDS_API' };
    const rawBody = JSON.stringify({
      grantId: row.id,
      playerId: row.memberId,
      gameId: row.gameId,
      rounds: row.rounds,
      roundValue: Number(row.roundValue),
      currency: WALLET_CURRENCY,
      expiresAt: row.expiresAt.toISOString(),
    });
    const timestamp = String(Math.floor(clock().getTime() / 1000));
    try {
      const response = await (deps.fetch ?? fetch)(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [PROVIDER_CODE_HEADER]: provider.code,
          [PROVIDER_TIMESTAMP_HEADER]: timestamp,
          [PROVIDER_SIGNATURE_HEADER]: signProviderMessage(
            provider.secret,
            timestamp,
            FREE_ROUNDS_PURPOSE,
            rawBody,
          ),
        },
        body: rawBody,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      const answer = (await response.json().catch(() => null)) as {
        code?: unknown;
        value?: { status?: unknown };
      } | null;
      if (response.status === 200 && answer?.value?.status === 'RS_OK') return { reference: null };
      return { failure: typeof answer?.code === 'string' ? answer.code : `HTTP_${response.status}` };
    } catch {
      return { failure: 'NO_ANSWER' };
    }
  }

  async function toHub88(provider: OpenedProviderRow, row: ProviderFreeRoundsRow): Promise<HandedOver> {
    try {
      const reward = await hub88.createReward(provider, {
        user: row.memberId,
        game_code: row.gameId,
        currency: WALLET_CURRENCY,
        bet_value: Number(hub88Amount(row.roundValue, WALLET_CURRENCY)),
        bet_count: row.rounds,
        start_time: hub88TimeOf(row.createdAt),
        end_time: hub88TimeOf(row.expiresAt),
        operator_reference: row.id,
      });
      return { reference: reward.reward_uuid };
    } catch (error) {
      if (error instanceof Hub88OperatorFailure) return { failure: error.reason };
      throw error;
    }
  }

  return {
    view,
    update,

    /**
     * Checks a grant and writes it: refused while the provider is unknown or off, for a game not in the
     * catalogue (or off), for a member not the merchant's, disabled or on trial (free rounds pay real money),
     * and out of bounds (1–FREE_ROUNDS_MAX rounds, a positive stake, a multiple of 0–100, a future expiry).
     */
    async insert(draft: FreeRoundsDraft, tx: DbOrTx = db): Promise<ProviderFreeRoundsRow> {
      const now = clock();
      if (!Number.isInteger(draft.rounds) || draft.rounds < 1 || draft.rounds > FREE_ROUNDS_MAX)
        throw new DomainError('INVALID_INPUT', { field: 'rounds', max: FREE_ROUNDS_MAX });
      if (draft.roundValue <= 0n || draft.roundValue * BigInt(draft.rounds) > BigInt(MAX_LEDGER_AMOUNT))
        throw new DomainError('INVALID_INPUT', { field: 'roundValue' });
      if (
        !Number.isInteger(draft.turnoverMultiple) ||
        draft.turnoverMultiple < 0 ||
        draft.turnoverMultiple > FREE_ROUNDS_TURNOVER_MAX
      )
        throw new DomainError('INVALID_INPUT', { field: 'turnoverMultiple', max: FREE_ROUNDS_TURNOVER_MAX });
      if (draft.expiresAt <= now) throw new DomainError('INVALID_INPUT', { field: 'expiresAt' });
      const provider = await wallet.findProvider(draft.merchantCode, draft.providerCode, tx);
      if (!provider) throw new DomainError('GAME_PROVIDER_UNAVAILABLE', { reason: 'PROVIDER_NOT_FOUND' });
      if (!provider.enabled) throw new DomainError('GAME_PROVIDER_DISABLED', { provider: provider.code });
      const player = await wallet.findMember(draft.memberId, tx);
      if (!player || player.merchantCode !== draft.merchantCode || player.disabledAt !== null)
        throw new DomainError('ACCOUNT_UNAVAILABLE', { reason: 'PLAYER_UNAVAILABLE' });
      if (isTrialMember(player.type))
        throw new DomainError('FEATURE_NOT_ENABLED', { reason: ACTUAL_ACCOUNT_REQUIRED });
      const game = await deps.findGame(draft.merchantCode, draft.gameId, tx);
      if (!game) throw new DomainError('NOT_FOUND', { reason: 'GAME_NOT_FOUND' });
      if (!game.enabled) throw new DomainError('FEATURE_NOT_ENABLED', { reason: 'GAME_DISABLED' });
      const row: NewProviderFreeRounds = {
        merchantCode: draft.merchantCode,
        providerCode: provider.code,
        memberId: draft.memberId,
        gameId: game.gameId,
        gameName: game.gameName,
        rounds: draft.rounds,
        roundValue: draft.roundValue,
        turnoverMultiple: draft.turnoverMultiple,
        expiresAt: draft.expiresAt,
        status: draft.status,
        reason: draft.reason ?? null,
        idempotencyKey: draft.idempotencyKey ?? null,
        requestedBy: draft.requestedBy ?? null,
        deliveredAt: draft.status === 'active' ? now : null,
        createdAt: now,
      };
      const [created] = await tx.insert(providerFreeRounds).values(row).returning();
      if (!created) throw new Error('free rounds not written');
      return created;
    },

    async byKey(merchantCode: string, idempotencyKey: string): Promise<ProviderFreeRoundsRow | undefined> {
      const [row] = await db
        .select()
        .from(providerFreeRounds)
        .where(
          and(
            eq(providerFreeRounds.merchantCode, merchantCode),
            eq(providerFreeRounds.idempotencyKey, idempotencyKey),
          ),
        );
      return row;
    },

    /** The grant's row, locked until the transaction ends. */
    async lock(merchantCode: string, id: string, tx: DbOrTx): Promise<ProviderFreeRoundsRow | undefined> {
      const [row] = await tx
        .select()
        .from(providerFreeRounds)
        .where(and(eq(providerFreeRounds.id, id), eq(providerFreeRounds.merchantCode, merchantCode)))
        .for('update');
      return row;
    },

    /**
     * The value (rounds × stake) of the grants given at once (no second operator) since `since`: by the
     * operator, and to the member when named.
     */
    async valueGrantedAtOnce(
      where: { merchantCode: string; operatorId: string; memberId?: string | undefined; since: Date },
      tx: DbOrTx = db,
    ): Promise<{ byOperator: bigint; toMember: bigint }> {
      const value = sql<string>`coalesce(sum(${providerFreeRounds.rounds} * ${providerFreeRounds.roundValue}), 0)::text`;
      const atOnce = and(
        eq(providerFreeRounds.merchantCode, where.merchantCode),
        isNull(providerFreeRounds.decidedBy),
        inArray(providerFreeRounds.status, ['active', 'undelivered']),
        gte(providerFreeRounds.createdAt, where.since),
      );
      const [byOperator] = await tx
        .select({ value })
        .from(providerFreeRounds)
        .where(and(atOnce, eq(providerFreeRounds.requestedBy, where.operatorId)));
      const [toMember] =
        where.memberId === undefined
          ? [{ value: '0' }]
          : await tx
              .select({ value })
              .from(providerFreeRounds)
              .where(and(atOnce, eq(providerFreeRounds.memberId, where.memberId)));
      return { byOperator: BigInt(byOperator?.value ?? '0'), toMember: BigInt(toMember?.value ?? '0') };
    },

    /** The merchant's grants, newest first, of one status or all. */
    async page(
      merchantCode: string,
      status: FreeRoundsStatus | undefined,
      paging: { limit: number; offset: number },
    ): Promise<{ rows: ProviderFreeRoundsRow[]; total: number }> {
      const where = and(
        eq(providerFreeRounds.merchantCode, merchantCode),
        status === undefined ? undefined : eq(providerFreeRounds.status, status),
      );
      const rows = await db
        .select()
        .from(providerFreeRounds)
        .where(where)
        .orderBy(desc(providerFreeRounds.createdAt), desc(providerFreeRounds.id))
        .limit(paging.limit)
        .offset(paging.offset);
      const [total] = await db.select({ n: count() }).from(providerFreeRounds).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    /** The member's free rounds the provider has, not expired, newest first. */
    async ofMember(memberId: string): Promise<ProviderFreeRoundsRow[]> {
      return db
        .select()
        .from(providerFreeRounds)
        .where(
          and(
            eq(providerFreeRounds.memberId, memberId),
            eq(providerFreeRounds.status, 'active'),
            gte(providerFreeRounds.expiresAt, clock()),
          ),
        )
        .orderBy(desc(providerFreeRounds.createdAt));
    },

    /**
     * Hands a grant waiting for it (`undelivered`) to its provider in the provider's protocol: the site's
     * free-rounds call, signed with its key like its report request, or Hub88's reward (its `reward_uuid`
     * kept: the free bets name it). Taken: `active`; otherwise it stays `undelivered` with what the provider
     * answered, to be sent again (the provider takes a grant once: by its id, Hub88 by the operator's
     * reference). Pragmatic's free-round bonuses are not handed over yet (its own API, not written:
     * docs/decisions/068-pragmatic-adapter.md). Answers the grant as it then stands.
     */
    async deliver(id: string): Promise<ProviderFreeRoundsRow> {
      const row = await view(id);
      if (row.status !== 'undelivered') return row;
      const provider = await wallet.findProvider(row.merchantCode, row.providerCode);
      const handed =
        !provider || provider.protocol === 'pragmatic'
          ? { failure: 'NO_FREE_ROUNDS_API' }
          : provider.protocol === 'hub88'
            ? await toHub88(provider, row)
            : await toNative(provider, row);
      await update(
        id,
        'failure' in handed
          ? { deliveryError: handed.failure }
          : {
              status: 'active',
              deliveredAt: clock(),
              deliveryError: null,
              providerReference: handed.reference,
            },
      );
      return view(id);
    },
  };
}

export type FreeRoundsBook = ReturnType<typeof createFreeRoundsBook>;
