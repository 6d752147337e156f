import type { GameType } from '@kl/contracts/games';
import {
  PROVIDER_CODE_PATTERN,
  PROVIDER_LAUNCH_TOKEN_TTL_MS,
  PROVIDER_SECRET_MIN_LENGTH,
  PROVIDER_SESSION_TTL_MS,
  PROVIDER_TIMESTAMP_WINDOW_SECONDS,
  type ProviderAction,
  type ProviderAuthenticateRequest,
  type ProviderAuthenticateResult,
  providerAuthenticateRequest,
  providerBalanceRequest,
  type ProviderBalanceRequest,
  type ProviderBalanceResult,
  providerBetRequest,
  type ProviderBetRequest,
  type ProviderCreditKind,
  providerCreditRequest,
  type ProviderCreditRequest,
  providerRollbackRequest,
  type ProviderRollbackRequest,
  providerRoundEndRequest,
  type ProviderRoundEndRequest,
  type ProviderRoundEndResult,
  providerTransactionResult,
  type ProviderTransactionResult,
  providerWinRequest,
} from '@kl/contracts/provider-wallet';
import { type LedgerKind, WALLET_CURRENCY } from '@kl/contracts/wallet';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { TRIAL_MEMBER_TYPE } from '@kl/contracts/accounts';
import type {
  GameProviderRow,
  NewProviderTransaction,
  ProviderFreeRoundsRow,
  ProviderSessionRow,
  ProviderTransactionKind,
  ProviderTransactionRow,
} from '../../db/schema/index.ts';
import { addMs, type Clock } from '../../platform/clock.ts';
import { randomToken, sha256Hex } from '../../platform/crypto.ts';
import type { Db, DbOrTx, Tx } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import { functionRefusal, pastDeadline, rowsOf } from '../../platform/db-errors.ts';
import type { GameRecordsService, OpenRoundKey } from '../game-records/index.ts';
import {
  type BonusTurnoverTerms,
  DEFAULT_WAGERING_SETTING,
  type LedgerService,
  moneyNumber,
} from '../wallet/index.ts';
import {
  providerBetKey,
  providerCreditKey,
  providerRefundKey,
  providerRoundReference,
  providerWinKey,
} from './keys.ts';
import type { FreeRoundsBook } from './free-rounds.ts';
import type { OpenedProviderRow, ProviderTransactionKey, ProviderWalletRepository } from './repository.ts';
import { checkUnderKeys } from './signing-keys.ts';
import { ADDRESS_NOT_ALLOWED } from './allowed-addresses.ts';
import { WALLET_DEADLINE, walletDeadlineMs, type WalletDeadlines } from './deadlines.ts';
import { refuseProviderSignature } from '@kl/signing/provider';

/**
 * The seamless wallet of external game providers (docs/decisions/025-provider-wallet.md). Every request is
 * checked against its provider's key first. Every movement is one database transaction holding the
 * ledger post (idempotency key from the provider and its transaction id), the change of the member's game
 * round and the provider transaction's row with its answer; the row's unique key is the last word on a
 * repeat, so a repeat answers the first answer whether it comes after the first or races it.
 *
 * Lock order, the same in every movement: the member's ledger accounts (a post, or `holdAccounts` when
 * nothing moves), then the turnover requirements (the ledger's own rules), then the game round, then the
 * provider transaction's key. A refund first locks its bet's row.
 */

/**
 * A provider's request as it reached the wallet: who it says it is, its timestamp, nonce and signature, the
 * raw body, and the address it came from (`request.ip`: the client's as TRUST_PROXY lets the server read it).
 */
export interface SignedProviderRequest {
  providerCode: string | undefined;
  timestamp: string | undefined;
  /** The call's own value (docs/decisions/070-provider-replay-window.md): the same one again is a replay. */
  nonce: string | undefined;
  signature: string | undefined;
  rawBody: string;
  ip: string;
}

/** The session a launch token opened, and its member. */
export interface TokenSession {
  sessionId: string;
  memberId: string;
}

/** What a launch needs of the catalogue's game (the games module's row). */
export interface LaunchableGame {
  gameId: string;
  nodeId: string;
  gameType: GameType;
  gameName: string;
  enabled: boolean;
}

export interface ProviderWalletDeps {
  db: Db;
  clock: Clock;
  /** The merchant this deployment serves: whose providers sign the requests. */
  merchantCode: string;
  wallet: ProviderWalletRepository;
  ledgerService: Pick<LedgerService, 'post' | 'balanceOf' | 'holdAccounts'>;
  gameRecords: Pick<GameRecordsService, 'adjustOpenRound' | 'endRound' | 'memberRound'>;
  /** The catalogue's game of a launch. */
  findGame: (merchantCode: string, gameId: string) => Promise<LaunchableGame | undefined>;
  /** Refuses a member who may not play now (time-out, self-exclusion); throws a DomainError. */
  checkPlay?: ((memberId: string) => Promise<void>) | undefined;
  /** Told after the commit of a change of a member's balance (platform/member-feed.ts). */
  balanceChanged?: ((memberId: string) => void) | undefined;
  /** Free rounds granted to members (free-rounds.ts). */
  freeRounds: Pick<FreeRoundsBook, 'insert'>;
  /** The deadline of a call per game type, when not WALLET_DEADLINES_MS's (deadlines.ts; tests). */
  deadlines?: WalletDeadlines | undefined;
}

/** A provider as read, with its key as stored (docs/decisions/034-secrets-at-rest.md). */
type ProviderRow = OpenedProviderRow;

/** A win's request as read (`roundClosed` defaulted). */
type WinBody = z.output<typeof providerWinRequest>;

/** A bet's or a win's request. */
type MoveBody = ProviderBetRequest | WinBody;

/** What `provider_move` answers. */
interface MoveRow {
  outcome: string;
  ledgerTransactionId: string | null;
  balance: string | null;
  repeatKind: string | null;
  repeatDigest: string | null;
  repeatAnswer: Record<string, unknown> | null;
  /** What provider_move refused with (SQLSTATE class KL, its reason), answered as a row (migration 0059). */
  refusalCode: string | null;
  refusalReason: string | null;
}

/** A signed request's nonce as its move takes it (docs/decisions/070-provider-replay-window.md). */
interface NonceClaim {
  nonce: string;
  expiresAt: Date;
}

/** A member's id (a uuid). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Authenticated sessions a process keeps (the oldest read goes first). */
const SESSIONS_CACHED = 10_000;

/** The reason of a refused request whose nonce its provider sent before (docs/decisions/070-provider-replay-window.md). */
export const NONCE_REPLAYED = 'NONCE_REPLAYED';

/** Thrown inside a movement's transaction when its transaction id turns out to be taken: answer that one. */
class TransactionIdTaken extends Error {}

/** What a movement adds to the provider transaction's row, besides its key, kind, request and answer. */
type MovementRow = Pick<
  NewProviderTransaction,
  'sessionId' | 'memberId' | 'roundId' | 'betTransactionId' | 'amount' | 'currency' | 'ledgerTransactionId'
> &
  Pick<NewProviderTransaction, 'creditKind' | 'freeRoundsId'>;

/** The ledger kind of each credit without a stake (docs/decisions/065-provider-credits.md). */
const CREDIT_LEDGER_KINDS = {
  free_round: 'free_round_win',
  bonus: 'bonus_win',
  promo: 'promo_win',
  jackpot: 'jackpot_win',
} as const satisfies Record<ProviderCreditKind, LedgerKind>;

/**
 * A credit's turnover terms: free rounds carry their grant's multiple, a provider's promotion prize is played
 * through once, a bonus-campaign win takes the merchant's bonus terms (none given: the ledger applies them),
 * and a jackpot none (its ledger kind has no requirement).
 */
function creditTurnover(
  kind: ProviderCreditKind,
  freeRounds: ProviderFreeRoundsRow | undefined,
): BonusTurnoverTerms | undefined {
  if (kind === 'free_round') return { multiple: freeRounds?.turnoverMultiple ?? 0, base: 'bonus' };
  if (kind === 'promo') return { multiple: 1, base: 'bonus' };
  return undefined;
}

/** Free rounds an operator grants (docs/decisions/065-provider-credits.md). */
export interface FreeRoundsGrant {
  merchantCode: string;
  providerCode: string;
  memberId: string;
  gameId: string;
  rounds: number;
  roundValue: bigint;
  turnoverMultiple: number;
  expiresAt: Date;
}

const ISSUES_SHOWN = 10;

/** The JSON of a request's raw body; INVALID_INPUT (MALFORMED_JSON) when it is none. */
export function jsonOf(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody);
  } catch {
    throw new DomainError('INVALID_INPUT', { reason: 'MALFORMED_JSON' });
  }
}

/** `json` read with `schema`; INVALID_INPUT naming the first issues when it does not fit. */
export function bodyOf<S extends z.ZodType>(schema: S, json: unknown): z.output<S> {
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues
    .slice(0, ISSUES_SHOWN)
    .map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  throw new DomainError('INVALID_INPUT', { issues });
}

/** Rounds a provider's closing pass takes at most; the next pass takes the rest. */
const OPEN_ROUNDS_PER_PASS = 200;

/** The id of the refund a void gives a bet (in `provider_transaction`, beside the provider's own ids). */
export const voidRefundId = (betTransactionId: string) => `operator-void:${betTransactionId}`;

/** What one closing pass did: rounds settled and voided, and rounds that failed (tried again next pass). */
export interface ClosedRounds {
  settled: number;
  voided: number;
  failed: number;
}

export function createProviderWalletService(deps: ProviderWalletDeps) {
  const { db, clock, wallet, ledgerService, gameRecords } = deps;

  /**
   * Providers and authenticated sessions as this process last read them, for bets and wins (every call of
   * every game). A session does not change once authenticated; a provider's row is checked by the movement
   * itself (`provider_move` answers PROVIDER_CHANGED when its key or switch changed) and read again then. A
   * request signed with the previous key of a rotation is checked against a fresh read, since ending the
   * overlap early changes no current key (docs/decisions/050-game-providers-in-the-back-office.md).
   */
  const providers = new Map<string, ProviderRow>();
  const sessions = new Map<string, ProviderSessionRow>();
  /** Launch tokens already exchanged, by provider and digest: the session each names (it never changes). */
  const tokenSessions = new Map<string, TokenSession>();

  async function providerOf(code: string, cached: boolean): Promise<ProviderRow | undefined> {
    const known = cached ? providers.get(code) : undefined;
    if (known) return known;
    const row = await wallet.findProvider(deps.merchantCode, code);
    if (row) providers.set(code, row);
    else providers.delete(code);
    return row;
  }

  /**
   * The provider of a request whose signature is its own, and the body read with the action's schema.
   * An unknown provider is answered as a bad signature (a caller without a key learns nothing); so is a
   * request from an address outside the provider's allowed ones, before its signature is checked (reason
   * ADDRESS_NOT_ALLOWED: docs/decisions/069-provider-address-allow-list.md).
   */
  async function verified<S extends z.ZodType>(
    action: ProviderAction,
    request: SignedProviderRequest,
    schema: S,
    cached = false,
    /** The request's nonce is not taken here: a bet or win takes it in its move's own statement. */
    nonceTaken = false,
  ): Promise<{ provider: ProviderRow; body: z.output<S> }> {
    const code = request.providerCode;
    const provider =
      code !== undefined && PROVIDER_CODE_PATTERN.test(code) ? await providerOf(code, cached) : undefined;
    // A provider speaking another protocol is answered only by its adapter (its key here signs nothing). A
    // kept row's protocol may have been switched back since, in the back office: what it refuses is read
    // again (docs/decisions/072-providers-in-the-back-office.md).
    if (provider?.protocol !== 'native') {
      if (cached && provider) return verified(action, request, schema, false, nonceTaken);
      throw new DomainError('PROVIDER_SIGNATURE_INVALID', { reason: 'BAD_SIGNATURE' });
    }
    if (!provider.allowsAddress(request.ip)) {
      // A kept row's list may have been widened since: what it refuses is read again.
      if (cached) return verified(action, request, schema, false, nonceTaken);
      throw new DomainError('PROVIDER_SIGNATURE_INVALID', { reason: ADDRESS_NOT_ALLOWED });
    }
    const now = clock();
    const { refusal, previous } = checkUnderKeys(provider, now, (secret) =>
      refuseProviderSignature({ ...request, secret, action, now }),
    );
    // What a kept row refuses or accepts only under its previous key is read again: its key may have
    // changed, its overlap been ended early, or the provider been switched on again since.
    if (cached && (refusal === 'BAD_SIGNATURE' || previous || !provider.enabled))
      return verified(action, request, schema, false, nonceTaken);
    if (refusal === 'STALE_TIMESTAMP')
      throw new DomainError('PROVIDER_TIMESTAMP_EXPIRED', { reason: refusal });
    if (refusal !== undefined) throw new DomainError('PROVIDER_SIGNATURE_INVALID', { reason: refusal });
    if (!provider.enabled) throw new DomainError('FEATURE_NOT_ENABLED', { reason: 'PROVIDER_DISABLED' });
    if (!nonceTaken) await takeNonce(provider, request, now);
    return { provider, body: bodyOf(schema, jsonOf(request.rawBody)) };
  }

  /**
   * Takes the nonce of a request its provider signed, within its window: one statement, outside the call's
   * own transaction, whose unique key lets exactly one of any number of copies through, in every process
   * (docs/decisions/070-provider-replay-window.md). It is remembered until its signed timestamp leaves the
   * window (past that, the timestamp refuses the copy); a copy within it is refused, PROVIDER_SIGNATURE_INVALID
   * with reason NONCE_REPLAYED. The nonce is taken whatever the call then answers: a provider's retry is a
   * new request, with a nonce of its own.
   */
  async function takeNonce(provider: ProviderRow, request: SignedProviderRequest, now: Date): Promise<void> {
    const taken = await wallet.takeNonce({
      merchantCode: provider.merchantCode,
      providerCode: provider.code,
      ...nonceClaimOf(request),
      now,
    });
    if (!taken) throw new DomainError('PROVIDER_SIGNATURE_INVALID', { reason: NONCE_REPLAYED });
  }

  /**
   * The nonce of a verified request and when it leaves its window. Both were checked with the signature: a
   * nonce of its pattern, a timestamp of whole seconds. A bet or win takes it in its own statement (`move`).
   */
  const nonceClaimOf = (request: SignedProviderRequest): NonceClaim => ({
    nonce: request.nonce ?? '',
    expiresAt: new Date((Number(request.timestamp) + PROVIDER_TIMESTAMP_WINDOW_SECONDS) * 1000),
  });

  /**
   * `work` in a transaction of its own under the deadline of the game type (deadlines.ts,
   * docs/decisions/070-provider-replay-window.md): a statement still running at the deadline is cancelled by
   * the database, the transaction rolls back (nothing of the call is written) and the call answers 503
   * GAME_PROVIDER_UNAVAILABLE, reason WALLET_DEADLINE, which a provider sends again.
   */
  async function withinDeadline<T>(gameType: GameType, work: (tx: Tx) => Promise<T>): Promise<T> {
    const ms = walletDeadlineMs(gameType, deps.deadlines);
    try {
      return await db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('statement_timeout', ${String(ms)}, true)`);
        return work(tx);
      });
    } catch (error) {
      if (pastDeadline(error))
        throw new DomainError('GAME_PROVIDER_UNAVAILABLE', { reason: WALLET_DEADLINE, deadlineMs: ms });
      throw error;
    }
  }

  /** The provider's authenticated session of `sessionId`; another provider's is as unknown. */
  async function sessionOf(
    provider: GameProviderRow,
    sessionId: string,
    cached = false,
  ): Promise<ProviderSessionRow> {
    const session = (cached ? sessions.get(sessionId) : undefined) ?? (await wallet.findSession(sessionId));
    if (cached && session?.authenticatedAt != null && !sessions.has(sessionId)) {
      if (sessions.size >= SESSIONS_CACHED) sessions.delete(sessions.keys().next().value ?? '');
      sessions.set(sessionId, session);
    }
    if (
      !session ||
      session.merchantCode !== provider.merchantCode ||
      session.providerCode !== provider.code ||
      session.authenticatedAt === null
    )
      throw new DomainError('NOT_FOUND', { reason: 'SESSION_NOT_FOUND' });
    return session;
  }

  /** The member, unless an operator disabled it or it is not the merchant's. */
  async function playerOf(merchantCode: string, memberId: string) {
    const player = await wallet.findMember(memberId);
    if (!player || player.merchantCode !== merchantCode || player.disabledAt !== null)
      throw new DomainError('ACCOUNT_UNAVAILABLE', { reason: 'PLAYER_UNAVAILABLE' });
    return player;
  }

  function currencyRefusal(session: ProviderSessionRow, currency: string): DomainError | undefined {
    return currency === session.currency
      ? undefined
      : new DomainError('INVALID_INPUT', { reason: 'CURRENCY_MISMATCH', currency: session.currency });
  }

  async function balanceOf(session: ProviderSessionRow, tx?: DbOrTx) {
    const balance = await ledgerService.balanceOf(
      { merchantCode: session.merchantCode, memberId: session.memberId, currency: session.currency },
      tx,
    );
    return { balance: moneyNumber(balance.available), demo: balance.demo };
  }

  const keyOf = (provider: GameProviderRow, transactionId: string): ProviderTransactionKey => ({
    merchantCode: provider.merchantCode,
    providerCode: provider.code,
    transactionId,
  });

  const roundOf = (session: ProviderSessionRow, roundId: string): OpenRoundKey => ({
    merchantCode: session.merchantCode,
    vendorCode: session.providerCode,
    roundKey: roundId,
    memberId: session.memberId,
  });

  /** What a request asks, as a digest: a repeat must ask the same (its session may differ, not its member). */
  const digestOf = (kind: ProviderTransactionKind, memberId: string, fields: readonly unknown[]) =>
    sha256Hex(JSON.stringify([kind, memberId, ...fields]));

  /** The answer to a transaction id used before: its first answer, or a refusal when it asked else. */
  function replayOf(
    row: Pick<ProviderTransactionRow, 'kind' | 'requestDigest' | 'answer' | 'transactionId'>,
    kind: ProviderTransactionKind,
    digest: string,
  ): ProviderTransactionResult {
    if (row.kind === 'void_bet' && kind === 'bet') {
      throw new DomainError('IDEMPOTENCY_CONFLICT', {
        reason: 'TRANSACTION_ROLLED_BACK',
        transactionId: row.transactionId,
      });
    }
    if (row.kind !== kind || row.requestDigest !== digest) {
      throw new DomainError('IDEMPOTENCY_CONFLICT', {
        reason: 'TRANSACTION_ID_REUSED',
        transactionId: row.transactionId,
      });
    }
    return providerTransactionResult.parse(row.answer);
  }

  /**
   * One movement: a repeat answers the first answer; otherwise `checks` may refuse it, then `work` moves
   * the money and the round inside a database transaction, and the provider transaction's row is written
   * last with the answer. When the id turns out to be taken (the same request
   * racing, or a rollback that came first), everything is undone and the first row answers.
   */
  /**
   * Closes one round left open (`closeOpenRounds`); undefined when it was closed meanwhile. Lock order as a
   * rollback's: the round's bets, then the member's accounts, then the round.
   */
  async function closeRound(
    provider: GameProviderRow,
    key: OpenRoundKey,
    currency: string,
    now: Date,
  ): Promise<'settled' | 'voided' | undefined> {
    return db.transaction(async (tx) => {
      const bets = provider.openRoundAction === 'void' ? await wallet.lockRoundBets(key, tx) : [];
      await ledgerService.holdAccounts(
        { merchantCode: key.merchantCode, memberId: key.memberId, kind: 'win', currency },
        tx,
      );
      // With the member's accounts held, no win of this round is still on its way.
      const round = await gameRecords.memberRound(key, tx);
      if (round?.status !== 'open') return undefined;
      if (provider.openRoundAction === 'settle' || round.payout > 0n) {
        await gameRecords.endRound(key, tx, now);
        return 'settled';
      }
      for (const bet of bets) {
        if (bet.ledgerTransactionId === null || bet.roundId === null) continue;
        const refundId = voidRefundId(bet.transactionId);
        const posted = await ledgerService.post(
          {
            merchantCode: bet.merchantCode,
            memberId: bet.memberId,
            idempotencyKey: providerRefundKey(provider.code, bet.transactionId),
            kind: 'reversal',
            reversesTransactionId: bet.ledgerTransactionId,
            currency: bet.currency,
            reference: providerRoundReference(provider.code, bet.roundId),
            memo: { provider: provider.code, round: bet.roundId, rollback: refundId, void: 'open_round' },
          },
          tx,
        );
        await gameRecords.adjustOpenRound(key, { stake: -bet.amount }, tx);
        await wallet.markRolledBack(bet.id, refundId, now, tx);
        const answer: ProviderTransactionResult = {
          status: 'RS_OK',
          transactionId: refundId,
          operatorTransactionId: String(posted.transactionId),
          currency: bet.currency,
          balance: moneyNumber(posted.availableAfter ?? 0n),
        };
        const created = await wallet.insertTransaction(
          {
            merchantCode: bet.merchantCode,
            providerCode: provider.code,
            transactionId: refundId,
            kind: 'rollback',
            sessionId: bet.sessionId,
            memberId: bet.memberId,
            roundId: bet.roundId,
            betTransactionId: bet.transactionId,
            amount: bet.amount,
            currency: bet.currency,
            ledgerTransactionId: posted.transactionId,
            requestDigest: digestOf('rollback', bet.memberId, [bet.transactionId]),
            answer,
            createdAt: now,
          },
          tx,
        );
        if (!created) throw new Error(`the void of provider bet ${bet.transactionId} found its id taken`);
      }
      await gameRecords.endRound(key, tx, now);
      return 'voided';
    });
  }

  async function once(
    key: ProviderTransactionKey,
    kind: Exclude<ProviderTransactionKind, 'void_bet'>,
    gameType: GameType,
    digest: string,
    work: (tx: DbOrTx) => Promise<{ row: MovementRow; answer: ProviderTransactionResult }>,
    /** Refusals of a new request (a repeat of an accepted one is answered whatever they would say now). */
    checks?: () => Promise<void>,
  ): Promise<ProviderTransactionResult> {
    const earlier = await wallet.findTransaction(key);
    if (earlier) return replayOf(earlier, kind, digest);
    await checks?.();
    try {
      return await withinDeadline(gameType, async (tx) => {
        const { row, answer } = await work(tx);
        const created = await wallet.insertTransaction(
          { ...key, ...row, kind, requestDigest: digest, answer, createdAt: clock() },
          tx,
        );
        if (!created) throw new TransactionIdTaken();
        return answer;
      });
    } catch (error) {
      if (!(error instanceof TransactionIdTaken)) throw error;
      const first = await wallet.findTransaction(key);
      if (!first) {
        throw new Error(`provider transaction ${key.transactionId} neither written nor found`, {
          cause: error,
        });
      }
      return replayOf(first, kind, digest);
    }
  }

  /**
   * What a bet and a win refuse of their request and its session before anything moves: a bet a session
   * past its time, both a currency other than the session's.
   */
  const moveRefusals: Record<
    'bet' | 'win',
    (body: MoveBody, session: ProviderSessionRow) => DomainError | undefined
  > = {
    bet: (body, session) => {
      if (session.expiresAt !== null && session.expiresAt <= clock())
        return new DomainError('SESSION_EXPIRED', { reason: 'TOKEN_EXPIRED' });
      return currencyRefusal(session, body.currency);
    },
    win: (body, session) => currencyRefusal(session, body.currency),
  };

  /**
   * A bet or a win, in one call of `provider_move` (docs/decisions/038-money-functions.md): a repeat
   * answers the first answer; otherwise `refusal` (what the request and its session refuse), the member
   * (a bet: disabled, excluded from play), then the ledger post, the turnover rules, the game round and the
   * provider transaction's row with its answer, all or nothing. When the id turns out to be taken (the
   * same request racing, or a rollback that came first), everything is undone and the first row answers.
   * A provider row that changed since it was read (its key as stored, its switch) is `again`'s: the
   * movement once more with the provider read afresh (none: the row was fresh, and that is an error).
   */
  async function move(
    kind: 'bet' | 'win',
    provider: ProviderRow,
    body: MoveBody,
    again: (() => Promise<ProviderTransactionResult>) | undefined,
    /** The signed request's nonce, taken in the same statement (none: taken already, or not signed so). */
    nonce?: NonceClaim,
  ): Promise<ProviderTransactionResult> {
    const session = await sessionOf(provider, body.sessionId, true);
    const { memberId } = session;
    const roundClosed = 'roundClosed' in body && body.roundClosed;
    const digest = digestOf(kind, memberId, [
      body.roundId,
      body.amount,
      body.currency,
      ...(kind === 'win' ? [roundClosed] : []),
    ]);
    const refusal = moveRefusals[kind](body, session);
    const key = kind === 'bet' ? providerBetKey : providerWinKey;
    const game = {
      gameId: session.gameId,
      nodeId: session.nodeId,
      gameType: session.gameType,
      gameName: session.gameName,
    };
    let row: MoveRow | undefined;
    const deadlineMs = walletDeadlineMs(session.gameType, deps.deadlines);
    try {
      // One statement: the nonce taken, the deadline set as its transaction's lock timeout, the move
      // (migration 0059).
      [row] = rowsOf<MoveRow>(
        await db.execute(sql`select outcome, ledger_transaction_id::text as "ledgerTransactionId",
            balance::text as balance, repeat_kind as "repeatKind", repeat_digest as "repeatDigest",
            repeat_answer as "repeatAnswer", refusal_code as "refusalCode", refusal_reason as "refusalReason"
          from provider_move_within(${deadlineMs}::integer, ${nonce?.nonce ?? null}::text,
            ${nonce?.expiresAt.toISOString() ?? null}::timestamptz, ${kind}, ${provider.merchantCode}, ${provider.code}, ${provider.sealed},
            ${body.transactionId}, ${session.id}::uuid, ${memberId}::uuid, ${body.roundId},
            ${String(body.amount)}::bigint, ${session.currency}, ${digest}, ${refusal ? 'REFUSED' : null}::text,
            ${deps.checkPlay !== undefined}, ${roundClosed}, ${key(provider.code, body.transactionId)},
            ${providerRoundReference(provider.code, body.roundId)},
            ${JSON.stringify({ provider: provider.code, round: body.roundId, game: session.gameId, gameName: session.gameName })}::jsonb,
            ${JSON.stringify(game)}::jsonb, ${TRIAL_MEMBER_TYPE}::integer,
            ${DEFAULT_WAGERING_SETTING.contributions.default}::integer, ${clock().toISOString()}::timestamptz)`),
      );
    } catch (error) {
      if (pastDeadline(error))
        throw new DomainError('GAME_PROVIDER_UNAVAILABLE', { reason: WALLET_DEADLINE, deadlineMs });
      // provider_move's refusals come as a row of provider_move_within; one raised is still read.
      const reason = functionRefusal(error)?.reason;
      if (reason === undefined) throw error;
      return databaseRefusal(reason, error);
    }
    if (row?.outcome === 'REFUSED_BY_DATABASE') return databaseRefusal(row.refusalReason ?? '', row);

    /** What a refusal of provider_move (its reason) answers. */
    async function databaseRefusal(reason: string, cause: unknown): Promise<ProviderTransactionResult> {
      if (reason === 'TRANSACTION_ID_TAKEN') {
        const first = await wallet.findTransaction(keyOf(provider, body.transactionId));
        if (!first) {
          throw new Error(`provider transaction ${body.transactionId} neither written nor found`, { cause });
        }
        return replayOf(first, kind, digest);
      }
      if (reason === 'GAME_ROUND_CLOSED')
        throw new DomainError('GAME_ROUND_CLOSED', { roundId: body.roundId });
      if (reason === 'ROUND_NOT_FOUND')
        throw new DomainError('NOT_FOUND', { reason: 'ROUND_NOT_FOUND', roundId: body.roundId });
      if (reason === 'INSUFFICIENT_BALANCE')
        throw new DomainError('INSUFFICIENT_BALANCE', { currency: session.currency });
      if (reason === 'MEMBER_NOT_FOUND') throw new DomainError('NOT_FOUND', { reason: 'MEMBER_NOT_FOUND' });
      throw new Error(`provider_move refused ${reason}`, { cause });
    }
    switch (row?.outcome) {
      case 'OK':
        if (row.ledgerTransactionId !== null) deps.balanceChanged?.(memberId);
        return answerOf(
          body.transactionId,
          session,
          BigInt(row.balance ?? '0'),
          row.ledgerTransactionId === null ? null : Number(row.ledgerTransactionId),
        );
      case 'REPEAT':
        return replayOf(
          {
            kind: row.repeatKind as ProviderTransactionKind,
            requestDigest: row.repeatDigest,
            answer: row.repeatAnswer,
            transactionId: body.transactionId,
          },
          kind,
          digest,
        );
      case 'NONCE_REPLAYED':
        throw new DomainError('PROVIDER_SIGNATURE_INVALID', { reason: NONCE_REPLAYED });
      case 'REFUSED':
        throw refusal;
      case 'PLAYER_UNAVAILABLE':
        throw new DomainError('ACCOUNT_UNAVAILABLE', { reason: 'PLAYER_UNAVAILABLE' });
      case 'EXCLUDED':
        // The exclusion's own refusal; one that ended meanwhile lets the call go through again.
        await deps.checkPlay?.(memberId);
        return move(kind, provider, body, again);
      case 'PROVIDER_CHANGED':
        if (!again) throw new Error(`provider ${provider.code} changed while it was read`);
        return again();
      default:
        throw new Error(`provider_move answered ${String(row?.outcome)}`);
    }
  }

  /**
   * A signed bet or win. The provider's row kept in memory serves (bets and wins are every call of every
   * game); when `provider_move` finds it changed, the request is checked again against a fresh read.
   */
  async function signedMove(
    kind: 'bet' | 'win',
    request: SignedProviderRequest,
    cached = true,
  ): Promise<ProviderTransactionResult> {
    const schema = kind === 'bet' ? providerBetRequest : providerWinRequest;
    // The nonce is taken by the move's own statement; checked again after its provider changed, the
    // request's nonce is its own already.
    const { provider, body }: { provider: ProviderRow; body: MoveBody } = await verified(
      kind,
      request,
      schema,
      cached,
      true,
    );
    return cached
      ? move(kind, provider, body, () => signedMove(kind, request, false), nonceClaimOf(request))
      : move(kind, provider, body, undefined);
  }

  /** A bet or a win run for a verified provider; a row that changed meanwhile is read again, once. */
  function runMove(
    kind: 'bet' | 'win',
    provider: ProviderRow,
    body: MoveBody,
    fresh = false,
  ): Promise<ProviderTransactionResult> {
    return move(
      kind,
      provider,
      body,
      fresh ? undefined : async () => runMove(kind, await providerAgain(provider.code), body, true),
    );
  }

  /** The provider read afresh; refused as a signature check refuses it when it is gone or switched off. */
  async function providerAgain(code: string): Promise<ProviderRow> {
    const provider = await providerOf(code, false);
    if (!provider) throw new DomainError('PROVIDER_SIGNATURE_INVALID', { reason: 'BAD_SIGNATURE' });
    if (!provider.enabled) throw new DomainError('FEATURE_NOT_ENABLED', { reason: 'PROVIDER_DISABLED' });
    return provider;
  }

  const answerOf = (
    transactionId: string,
    session: ProviderSessionRow,
    balance: bigint | number,
    ledgerTransactionId: number | null,
  ): ProviderTransactionResult => ({
    status: 'RS_OK',
    transactionId,
    operatorTransactionId: ledgerTransactionId === null ? null : String(ledgerTransactionId),
    currency: session.currency,
    balance: typeof balance === 'bigint' ? moneyNumber(balance) : balance,
  });

  /**
   * Each call of a provider, run for a provider whose request was verified, with its body read: the signed
   * calls below after the site's signature, and an adapter of a provider's own protocol after that
   * protocol's signature or hash (`hub88/`, docs/decisions/066-hub88-adapter.md; `pragmatic/`,
   * docs/decisions/068-pragmatic-adapter.md). The provider is one whose switch is on.
   */
  const run = {
    /** The merchant's provider of `code`, read afresh (an adapter checks its protocol's signature with it). */
    provider: async (code: string): Promise<ProviderRow | undefined> =>
      PROVIDER_CODE_PATTERN.test(code) ? providerOf(code, false) : undefined,

    /**
     * The session a launch token opened at this provider, for a protocol whose calls name the launch token
     * rather than a session (Hub88's `token`): exchanged as `authenticate` does at the first call, within
     * its 5 minutes, and from then on the name of that session (docs/decisions/066-hub88-adapter.md). An
     * adapter calls it only for a request its provider signed, so the token is only ever used by the
     * provider it was issued to. Refused as `authenticate` refuses an unknown or expired token.
     */
    async sessionOfToken(provider: ProviderRow, token: string): Promise<TokenSession> {
      const where = {
        merchantCode: provider.merchantCode,
        providerCode: provider.code,
        tokenHash: sha256Hex(token),
      };
      const cacheKey = `${provider.code}\n${where.tokenHash}`;
      const known = tokenSessions.get(cacheKey);
      if (known !== undefined) return known;
      const authenticated = async (): Promise<TokenSession | undefined> => {
        const issued = await wallet.tokenIssued(where);
        return issued?.authenticatedAt ? { sessionId: issued.id, memberId: issued.memberId } : undefined;
      };
      let session = await authenticated();
      if (session === undefined) {
        try {
          const opened = await run.authenticate(provider, { token });
          session = { sessionId: opened.sessionId, memberId: opened.playerId };
        } catch (error) {
          // Two first calls at once: the other one exchanged it.
          if (!(error instanceof DomainError) || error.value?.reason !== 'TOKEN_USED') throw error;
          session = await authenticated();
          if (session === undefined) throw error;
        }
      }
      if (tokenSessions.size >= SESSIONS_CACHED)
        tokenSessions.delete(tokenSessions.keys().next().value ?? '');
      tokenSessions.set(cacheKey, session);
      return session;
    },

    /**
     * The session of a call that names the player but no token (Pragmatic's `userId`, whose token is
     * optional and never sent with a promotion's prize): the member's latest authenticated session at this
     * provider, of `gameId` first (docs/decisions/068-pragmatic-adapter.md). The session's own rules then
     * apply as to any call of it (a stake ends with its 12 hours). An adapter calls it only for a request
     * its provider signed. A member without one is NOT_FOUND, reason NO_SESSION.
     */
    async sessionOfMember(provider: ProviderRow, memberId: string, gameId?: string): Promise<string> {
      const session = UUID.test(memberId)
        ? await wallet.latestSession({
            merchantCode: provider.merchantCode,
            providerCode: provider.code,
            memberId,
            gameId,
          })
        : undefined;
      if (!session) throw new DomainError('NOT_FOUND', { reason: 'NO_SESSION' });
      return session.id;
    },

    /**
     * The grant of the free rounds `name` names (the provider's own id of them, or the site's) when they were
     * granted to the session's member at this provider, whatever their state now (what a credit of them then
     * checks); undefined otherwise. An adapter whose protocol names a reward rather than a kind of credit
     * tells the free rounds' wins from other promotional ones by it.
     */
    async freeRoundsNamed(
      provider: ProviderRow,
      sessionId: string,
      name: string,
    ): Promise<string | undefined> {
      const named = async () =>
        (await wallet.findFreeRoundsByReference(provider.merchantCode, provider.code, name)) ??
        (UUID.test(name) ? wallet.findFreeRounds(name) : undefined);
      const [session, freeRounds] = await Promise.all([sessionOf(provider, sessionId, true), named()]);
      const granted =
        freeRounds !== undefined &&
        freeRounds.merchantCode === provider.merchantCode &&
        freeRounds.providerCode === provider.code &&
        freeRounds.memberId === session.memberId;
      return granted ? freeRounds.id : undefined;
    },

    /** The member a provider names, unless unknown, disabled or another merchant's (ACCOUNT_UNAVAILABLE). */
    async player(provider: ProviderRow, memberId: string) {
      if (!UUID.test(memberId))
        throw new DomainError('ACCOUNT_UNAVAILABLE', { reason: 'PLAYER_UNAVAILABLE' });
      return playerOf(provider.merchantCode, memberId);
    },

    /**
     * The provider exchanges a launch token for the session, once: a token used already is LAUNCH_LINK_EXPIRED
     * (reason TOKEN_USED), one past PROVIDER_LAUNCH_TOKEN_TTL_MS TOKEN_EXPIRED.
     */
    async authenticate(
      provider: ProviderRow,
      body: ProviderAuthenticateRequest,
    ): Promise<ProviderAuthenticateResult> {
      const now = clock();
      const where = {
        merchantCode: provider.merchantCode,
        providerCode: provider.code,
        tokenHash: sha256Hex(body.token),
      };
      const session = await wallet.exchangeToken(where, now, addMs(now, PROVIDER_SESSION_TTL_MS));
      if (!session) {
        const issued = await wallet.tokenIssued(where);
        const reason = !issued ? 'TOKEN_INVALID' : issued.authenticatedAt ? 'TOKEN_USED' : 'TOKEN_EXPIRED';
        throw new DomainError('LAUNCH_LINK_EXPIRED', { reason });
      }
      const player = await playerOf(session.merchantCode, session.memberId);
      const { balance, demo } = await balanceOf(session);
      return {
        status: 'RS_OK',
        sessionId: session.id,
        playerId: player.id,
        playerName: player.nickname ?? player.username,
        currency: session.currency,
        balance,
        gameId: session.gameId,
        demo,
      };
    },
    async balance(provider: ProviderRow, body: ProviderBalanceRequest): Promise<ProviderBalanceResult> {
      const session = await sessionOf(provider, body.sessionId);
      const { balance } = await balanceOf(session);
      return { status: 'RS_OK', currency: session.currency, balance };
    },
    /**
     * Takes a stake (ledger `bet`) in the round, opening it with its first stake. Refused: not enough money
     * (the ledger's conditional update), the round already ended, a session past its time, a member who
     * may not play, an id a rollback already took.
     */
    bet: (provider: ProviderRow, body: ProviderBetRequest): Promise<ProviderTransactionResult> =>
      runMove('bet', provider, body),

    /**
     * Pays a win (ledger `win`; nothing moves for 0) into the member's round; `roundClosed` ends the round
     * too. A win for a round already ended (a retried win, a resettlement) is paid into it all the same,
     * once, and the round stays ended (migration 0050, docs/decisions/063-late-provider-credits.md). Refused
     * for an unknown round. Wins are paid whatever the session's age or the member's play limits: the money
     * is the member's.
     */
    win: (provider: ProviderRow, body: WinBody): Promise<ProviderTransactionResult> =>
      runMove('win', provider, body),

    /**
     * Refunds a bet's stake (a ledger `reversal` of it, keyed by the bet: once, ever) and takes it out of
     * its round. A bet not known yet is recorded as rolled back (refunding nothing), so that it is refused
     * if it arrives later; a bet already rolled back refunds nothing again. A bet whose round ended is not
     * refunded (its stake counted toward turnover): refused, GAME_ROUND_CLOSED.
     *
     * The id may name a win of the open round instead (a provider's correction): the win is taken back the
     * same way (a `reversal` of it, once) and out of the round's payout. The member's balance never goes below
     * zero: a win already spent is refused, INSUFFICIENT_BALANCE. A win of an ended round is not taken back
     * (GAME_ROUND_CLOSED): it may have been locked with a bonus or withdrawn.
     */
    async rollback(provider: ProviderRow, body: ProviderRollbackRequest): Promise<ProviderTransactionResult> {
      if (body.transactionId === body.betTransactionId)
        throw new DomainError('INVALID_INPUT', { reason: 'ROLLBACK_OF_ITSELF' });
      const session = await sessionOf(provider, body.sessionId);
      const key = keyOf(provider, body.transactionId);
      const digest = digestOf('rollback', session.memberId, [body.betTransactionId]);
      const answer = await once(key, 'rollback', session.gameType, digest, async (tx) => {
        const now = clock();
        const betKey = keyOf(provider, body.betTransactionId);
        const nothing = async (roundId: string | null) => ({
          row: {
            sessionId: session.id,
            memberId: session.memberId,
            roundId,
            betTransactionId: body.betTransactionId,
            amount: 0n,
            currency: session.currency,
            ledgerTransactionId: null,
          },
          answer: answerOf(body.transactionId, session, (await balanceOf(session, tx)).balance, null),
        });

        let bet = await wallet.lockTransaction(betKey, tx);
        if (!bet) {
          const voided = await wallet.insertTransaction(
            {
              ...betKey,
              kind: 'void_bet',
              sessionId: session.id,
              memberId: session.memberId,
              amount: 0n,
              currency: session.currency,
              rolledBackBy: body.transactionId,
              rolledBackAt: now,
              createdAt: now,
            },
            tx,
          );
          if (voided) return nothing(null);
          // The bet was being written at the same time: now it is there.
          bet = await wallet.lockTransaction(betKey, tx);
          if (!bet) throw new Error(`provider bet ${body.betTransactionId} neither voided nor found`);
        }
        if (
          (bet.kind !== 'bet' && bet.kind !== 'void_bet' && bet.kind !== 'win') ||
          bet.memberId !== session.memberId
        )
          throw new DomainError('NOT_FOUND', { reason: 'BET_NOT_FOUND' });
        if (bet.rolledBackBy !== null) return nothing(bet.roundId);
        if (bet.kind === 'win' && bet.ledgerTransactionId === null && bet.roundId !== null) {
          // A win of nothing, in a round still open: marked, so the checks leave it out; nothing moves.
          await gameRecords.adjustOpenRound(roundOf(session, bet.roundId), {}, tx);
          await wallet.markRolledBack(bet.id, body.transactionId, now, tx);
          return nothing(bet.roundId);
        }
        const { roundId, ledgerTransactionId } = bet;
        if (roundId === null || ledgerTransactionId === null)
          throw new Error(`provider bet ${bet.transactionId} without its round or ledger transaction`);
        // A win of an ended round is refused as such, whatever the balance (the round is checked again,
        // under its lock, when its payout changes).
        if (
          bet.kind === 'win' &&
          (await gameRecords.memberRound(roundOf(session, roundId), tx))?.status !== 'open'
        )
          throw new DomainError('GAME_ROUND_CLOSED', { roundId });

        const posted = await ledgerService.post(
          {
            merchantCode: bet.merchantCode,
            memberId: bet.memberId,
            idempotencyKey: providerRefundKey(provider.code, bet.transactionId),
            kind: 'reversal',
            reversesTransactionId: ledgerTransactionId,
            currency: bet.currency,
            reference: providerRoundReference(provider.code, roundId),
            memo: { provider: provider.code, round: roundId, rollback: body.transactionId },
          },
          tx,
        );
        await gameRecords.adjustOpenRound(
          roundOf(session, roundId),
          bet.kind === 'win' ? { payout: -bet.amount } : { stake: -bet.amount },
          tx,
        );
        await wallet.markRolledBack(bet.id, body.transactionId, now, tx);
        return {
          row: {
            sessionId: session.id,
            memberId: session.memberId,
            roundId,
            betTransactionId: body.betTransactionId,
            amount: bet.amount,
            currency: bet.currency,
            ledgerTransactionId: posted.transactionId,
          },
          answer: answerOf(body.transactionId, session, posted.availableAfter ?? 0n, posted.transactionId),
        };
      });
      if (answer.operatorTransactionId !== null) deps.balanceChanged?.(session.memberId);
      return answer;
    },
    /**
     * Pays a credit without a stake (docs/decisions/065-provider-credits.md): its ledger kind by its kind,
     * with that kind's turnover rule, once per transaction id (a repeat answers the first answer). A
     * free-round credit names free rounds granted to the session's member at this provider; it is paid even
     * after they expired (a round played before may be credited late). A round it names is the member's
     * history's, not a stake's: the credit is not part of the round's payout. Paid whatever the session's
     * age or the member's play limits; refused for a trial member but the jackpot (promotional money is real).
     */
    async credit(provider: ProviderRow, body: ProviderCreditRequest): Promise<ProviderTransactionResult> {
      const session = await sessionOf(provider, body.sessionId);
      const { memberId } = session;
      const digest = digestOf('credit', memberId, [
        body.kind,
        body.amount,
        body.currency,
        body.roundId ?? null,
        body.grantId ?? null,
      ]);
      let freeRounds: ProviderFreeRoundsRow | undefined;
      const answer = await once(
        keyOf(provider, body.transactionId),
        'credit',
        session.gameType,
        digest,
        async (tx) => {
          const amount = BigInt(body.amount);
          const posted = await ledgerService.post(
            {
              merchantCode: session.merchantCode,
              memberId,
              idempotencyKey: providerCreditKey(provider.code, body.transactionId),
              kind: CREDIT_LEDGER_KINDS[body.kind],
              amount,
              currency: session.currency,
              reference:
                body.roundId === undefined ? null : providerRoundReference(provider.code, body.roundId),
              memo: {
                provider: provider.code,
                credit: body.kind,
                game: session.gameId,
                gameName: freeRounds?.gameName ?? session.gameName,
                ...(body.roundId !== undefined && { round: body.roundId }),
                ...(freeRounds && { freeRounds: freeRounds.id }),
              },
              turnover: creditTurnover(body.kind, freeRounds),
            },
            tx,
          );
          if (freeRounds) await wallet.addFreeRoundsWin(freeRounds.id, amount, tx);
          return {
            row: {
              sessionId: session.id,
              memberId,
              roundId: body.roundId ?? null,
              betTransactionId: null,
              amount,
              currency: session.currency,
              ledgerTransactionId: posted.transactionId,
              creditKind: body.kind,
              freeRoundsId: freeRounds?.id ?? null,
            },
            answer: answerOf(body.transactionId, session, posted.availableAfter ?? 0n, posted.transactionId),
          };
        },
        async () => {
          const refusal = currencyRefusal(session, body.currency);
          if (refusal) throw refusal;
          if (body.grantId === undefined) return;
          freeRounds = await wallet.findFreeRounds(body.grantId);
          if (
            freeRounds?.status !== 'active' ||
            freeRounds.merchantCode !== provider.merchantCode ||
            freeRounds.providerCode !== provider.code ||
            freeRounds.memberId !== memberId
          )
            throw new DomainError('NOT_FOUND', { reason: 'FREE_ROUNDS_NOT_FOUND' });
        },
      );
      if (answer.operatorTransactionId !== null) deps.balanceChanged?.(memberId);
      return answer;
    },
    /**
     * Ends the member's round: no stake nor win is taken in it any more, and its stakes count toward the
     * member's turnover requirements (game records' `endRound`). Ending it again answers the same.
     */
    async roundEnd(provider: ProviderRow, body: ProviderRoundEndRequest): Promise<ProviderRoundEndResult> {
      const session = await sessionOf(provider, body.sessionId);
      return withinDeadline(session.gameType, async (tx) => {
        await ledgerService.holdAccounts(
          {
            merchantCode: session.merchantCode,
            memberId: session.memberId,
            kind: 'win',
            currency: session.currency,
          },
          tx,
        );
        await gameRecords.endRound(roundOf(session, body.roundId), tx, clock());
        const { balance } = await balanceOf(session, tx);
        return { status: 'RS_OK', roundId: body.roundId, currency: session.currency, balance };
      });
    },
  };

  /** A signed call: the site's signature checked, the body read with the action's schema, then run. */
  const signed =
    <S extends z.ZodType, R>(
      action: ProviderAction,
      schema: S,
      runner: (provider: ProviderRow, body: z.output<S>) => Promise<R>,
    ) =>
    async (request: SignedProviderRequest): Promise<R> => {
      const { provider, body } = await verified(action, request, schema);
      return runner(provider, body);
    };

  return {
    /** Registers a provider (or changes it): its code, name, signing key and switch. */
    async saveProvider(provider: {
      merchantCode: string;
      code: string;
      name: string;
      secret: string;
      enabled?: boolean;
    }): Promise<void> {
      if (!PROVIDER_CODE_PATTERN.test(provider.code))
        throw new DomainError('INVALID_INPUT', { field: 'code' });
      if (provider.name.trim() === '' || provider.name.length > 100)
        throw new DomainError('INVALID_INPUT', { field: 'name' });
      if (provider.secret.length < PROVIDER_SECRET_MIN_LENGTH || !/^[\x21-\x7e]+$/.test(provider.secret))
        throw new DomainError('INVALID_INPUT', { field: 'secret', minLength: PROVIDER_SECRET_MIN_LENGTH });
      await wallet.saveProvider({ ...provider, enabled: provider.enabled ?? true }, clock());
    },

    /**
     * A one-time launch token for the member to play the catalogue's game at the provider (the launch flow
     * puts it in the provider's game address). The provider exchanges it once, within
     * PROVIDER_LAUNCH_TOKEN_TTL_MS, for the session of its calls. Refused while the member may not play.
     */
    async issueLaunchToken(request: {
      merchantCode: string;
      memberId: string;
      providerCode: string;
      gameId: string;
    }): Promise<{ token: string; expiresAt: Date }> {
      const { merchantCode, memberId } = request;
      const provider = await wallet.findProvider(merchantCode, request.providerCode);
      // The member is told the provider is not there (not registered) or switched off (the back office).
      if (!provider) throw new DomainError('GAME_PROVIDER_UNAVAILABLE', { reason: 'PROVIDER_NOT_FOUND' });
      if (!provider.enabled) throw new DomainError('GAME_PROVIDER_DISABLED', { provider: provider.code });
      await playerOf(merchantCode, memberId);
      await deps.checkPlay?.(memberId);
      const game = await deps.findGame(merchantCode, request.gameId);
      if (!game) throw new DomainError('NOT_FOUND', { reason: 'GAME_NOT_FOUND' });
      if (!game.enabled) throw new DomainError('FEATURE_NOT_ENABLED', { reason: 'GAME_DISABLED' });
      const token = randomToken();
      const now = clock();
      const expiresAt = addMs(now, PROVIDER_LAUNCH_TOKEN_TTL_MS);
      await wallet.insertSession({
        merchantCode,
        providerCode: provider.code,
        memberId,
        gameId: game.gameId,
        nodeId: game.nodeId,
        gameType: game.gameType,
        gameName: game.gameName,
        currency: WALLET_CURRENCY,
        tokenHash: sha256Hex(token),
        tokenExpiresAt: expiresAt,
        createdAt: now,
      });
      return { token, expiresAt };
    },

    /**
     * Grants free rounds the provider already holds (a provider's own campaign, a test's): written active,
     * with the checks and bounds of every grant (free-rounds.ts). The back office's grants are handed to
     * the provider first (back-office/free-rounds).
     */
    grantFreeRounds: (grant: FreeRoundsGrant): Promise<ProviderFreeRoundsRow> =>
      deps.freeRounds.insert({ ...grant, status: 'active' }),

    /**
     * Closes every provider's rounds still open `openRoundHours` after their first stake, as the provider's
     * policy says (docs/decisions/064-open-provider-rounds.md): `settle` ends the round as it stands (its
     * stakes then count toward turnover, as a round-end would); `void` gives back each stake not rolled back
     * (a refund under the same ledger key a provider's rollback of it would use, so a rollback that comes
     * later refunds nothing again) and ends the round cancelled; a round that already paid a win is settled
     * instead. Each round is one transaction; every process may run this at once: a round is closed once.
     */
    async closeOpenRounds(
      /** Told of a round that could not be closed (tried again at the next pass). */
      onFailed?: (round: OpenRoundKey, error: unknown) => void,
    ): Promise<ClosedRounds> {
      const done: ClosedRounds = { settled: 0, voided: 0, failed: 0 };
      const now = clock();
      for (const provider of await wallet.providerRows(deps.merchantCode)) {
        const before = addMs(now, -provider.openRoundHours * 3_600_000);
        const rounds = await wallet.openRoundsStartedBy(provider, before, OPEN_ROUNDS_PER_PASS);
        for (const round of rounds) {
          const key: OpenRoundKey = {
            merchantCode: provider.merchantCode,
            vendorCode: provider.code,
            roundKey: round.roundKey,
            memberId: round.memberId,
          };
          try {
            const closed = await closeRound(provider, key, round.currency, clock());
            if (closed) done[closed] += 1;
          } catch (error) {
            done.failed += 1;
            onFailed?.(key, error);
          }
        }
      }
      return done;
    },

    /**
     * Deletes the nonces no request can be accepted with any more (docs/decisions/070-provider-replay-window.md):
     * those whose window ended a window ago, which leaves room for processes whose clocks differ by less.
     * The periodic job of the provider wallet runs it (close-rounds-scheduler.ts).
     */
    pruneNonces: (): Promise<number> =>
      wallet.pruneNonces(addMs(clock(), -PROVIDER_TIMESTAMP_WINDOW_SECONDS * 1000)),

    // The site's own protocol (docs/decisions/025-provider-wallet.md): each call signed with the
    // provider's key, then run.

    /** The provider exchanges a launch token for the session, once. */
    authenticate: signed('authenticate', providerAuthenticateRequest, run.authenticate),
    balance: signed('balance', providerBalanceRequest, run.balance),
    /** A bet or a win: the provider kept in memory, read again only when its row changed (`move`). */
    bet: (request: SignedProviderRequest) => signedMove('bet', request),
    win: (request: SignedProviderRequest) => signedMove('win', request),
    rollback: signed('rollback', providerRollbackRequest, run.rollback),
    credit: signed('credit', providerCreditRequest, run.credit),
    roundEnd: signed('round-end', providerRoundEndRequest, run.roundEnd),

    run,
  };
}

export type ProviderWalletService = ReturnType<typeof createProviderWalletService>;
