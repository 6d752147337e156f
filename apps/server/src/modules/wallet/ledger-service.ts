import { isTrialMember } from '@kl/contracts/accounts';
import { ACTUAL_ACCOUNT_REQUIRED } from '@kl/contracts/deposit';
import { type LedgerKind, MAX_LEDGER_AMOUNT, MONEY_DECIMALS, WALLET_CURRENCY } from '@kl/contracts/wallet';
import type { HouseAccountKind, LedgerTransactionRow, MemberAccountKind } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import type { AccountRef, EntryOfTransaction, LedgerRepository, PostOutcome } from './ledger-repository.ts';
import type { BonusTurnoverTerms, WageringRules } from './wagering.ts';
import { functionRefusal, uniqueViolation } from '../../platform/db-errors.ts';

/**
 * The ledger: the only way money moves. `post` writes one transaction of entries summing to zero and
 * the new balances in one database transaction; a member account never goes below zero, also when many
 * requests debit it at once (conditional UPDATE, see the repository); the same idempotency key posted
 * again answers the first transaction and changes nothing.
 */

/** Where a kind takes money from and where it puts it. */
type Side = { member: MemberAccountKind } | { house: HouseAccountKind };
interface Movement {
  from: Side;
  to: Side;
  /** Who may have it: real members only, trial (demo) members only, or both. */
  members: 'real' | 'demo' | 'any';
}

const MOVEMENTS: Record<Exclude<LedgerKind, 'reversal' | 'game_round'>, Movement> = {
  deposit: { from: { house: 'deposit_clearing' }, to: { member: 'available' }, members: 'real' },
  bonus_forfeit: { from: { member: 'available' }, to: { house: 'bonuses' }, members: 'real' },
  withdrawal_hold: { from: { member: 'available' }, to: { member: 'held' }, members: 'real' },
  withdrawal_release: { from: { member: 'held' }, to: { member: 'available' }, members: 'real' },
  withdrawal_paid: { from: { member: 'held' }, to: { house: 'withdrawal_clearing' }, members: 'real' },
  bet: { from: { member: 'available' }, to: { house: 'bets' }, members: 'any' },
  win: { from: { house: 'wins' }, to: { member: 'available' }, members: 'any' },
  bonus: { from: { house: 'bonuses' }, to: { member: 'available' }, members: 'real' },
  trial_credit: { from: { house: 'trial_funding' }, to: { member: 'available' }, members: 'demo' },
  adjustment_credit: { from: { house: 'adjustments' }, to: { member: 'available' }, members: 'real' },
  adjustment_debit: { from: { member: 'available' }, to: { house: 'adjustments' }, members: 'real' },
  agent_commission: { from: { house: 'agent_commissions' }, to: { member: 'available' }, members: 'real' },
  // A game provider's credits without a stake (docs/decisions/065-provider-credits.md): promotional money
  // from the bonuses account, a jackpot from the wins account (the provider invoices what its pool paid).
  free_round_win: { from: { house: 'bonuses' }, to: { member: 'available' }, members: 'real' },
  bonus_win: { from: { house: 'bonuses' }, to: { member: 'available' }, members: 'real' },
  promo_win: { from: { house: 'bonuses' }, to: { member: 'available' }, members: 'real' },
  jackpot_win: { from: { house: 'wins' }, to: { member: 'available' }, members: 'any' },
};

/** A game round moves the stake like a bet, then the payout like a win; real and demo money alike. */
const ROUND_STAKE: Movement = MOVEMENTS.bet;
const ROUND_PAYOUT: Movement = MOVEMENTS.win;

export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

export interface PostRequest {
  merchantCode: string;
  memberId: string;
  /** Unique per merchant; the same key again answers the first transaction. */
  idempotencyKey: string;
  kind: LedgerKind;
  /** Positive, in minor units. For a reversal, the original's amount (may be left out). A game round: the stake. */
  amount?: bigint | undefined;
  /** A game round's payout (0 or more); only for that kind. */
  payout?: bigint | undefined;
  /** The merchant's wallet currency when left out. */
  currency?: string | undefined;
  /** What it belongs to, e.g. `deposit:<orderId>`. */
  reference?: string | null | undefined;
  /** Details for people; never secrets. */
  memo?: Record<string, unknown> | null | undefined;
  /** For a reversal: the transaction to undo. */
  reversesTransactionId?: number | undefined;
  /** For a bonus: its turnover terms (the merchant's default ones when left out). */
  turnover?: BonusTurnoverTerms | undefined;
}

export interface PostedTransaction {
  transactionId: number;
  merchantCode: string;
  memberId: string;
  idempotencyKey: string;
  kind: LedgerKind;
  amount: bigint;
  payout: bigint | null;
  currency: string;
  demo: boolean;
  reference: string | null;
  reversesTransactionId: number | null;
  createdAt: Date;
  /** The member's balances right after this transaction (null: untouched by it); the same on a replay. */
  availableAfter: bigint | null;
  heldAfter: bigint | null;
  /** True when the key had been posted before and this answer is the first transaction. */
  replayed: boolean;
}

export interface MemberBalance {
  available: bigint;
  held: bigint;
  currency: string;
  decimals: number;
  demo: boolean;
}

export interface HistoryRequest {
  merchantCode: string;
  memberId: string;
  pageNo: number;
  pageSize: number;
  kinds?: readonly LedgerKind[] | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export interface HistoryItem {
  id: number;
  kind: LedgerKind;
  amount: bigint;
  currency: string;
  availableChange: bigint;
  heldChange: bigint;
  balanceAfter: bigint | null;
  reference: string | null;
  /** The game and round a game's transaction belongs to, as the member knows them (`gameOfMemo`). */
  game: { name: string; round: string | null } | null;
  reverses: number | null;
  createdAt: Date;
}

/**
 * The game a transaction's memo names, with its round (the provider's round id, the lottery draw's issue,
 * the slot round's id): what the member's history shows in place of the ledger's reference. Null when the
 * memo names no game by its name (every transaction that is not a game's, and those written before the
 * memos named them; docs/decisions/060-history-game-names.md).
 */
export function gameOfMemo(memo: Record<string, unknown> | null): HistoryItem['game'] {
  const name = memo?.gameName;
  if (typeof name !== 'string' || name === '') return null;
  const round = memo?.round;
  return { name, round: typeof round === 'string' && round !== '' ? round : null };
}

export interface HistoryPage {
  list: HistoryItem[];
  pageNum: number;
  totalPages: number;
  total: number;
}

/** The member's balance of `kind` after the transaction: its last entry on that account (a round has two). */
function memberOf(entries: readonly EntryOfTransaction[], memberId: string, kind: MemberAccountKind) {
  let balance: bigint | null = null;
  for (const entry of entries) {
    if (entry.memberId === memberId && entry.accountKind === kind) balance = entry.balanceAfter;
  }
  return balance;
}

function postedOf(row: LedgerTransactionRow, entries: readonly EntryOfTransaction[], replayed: boolean) {
  return {
    transactionId: row.id,
    merchantCode: row.merchantCode,
    memberId: row.memberId,
    idempotencyKey: row.idempotencyKey,
    kind: row.kind,
    amount: row.amount,
    payout: row.payout,
    currency: row.currency,
    demo: row.demo,
    reference: row.reference,
    reversesTransactionId: row.reversesTransactionId,
    createdAt: row.createdAt,
    availableAfter: memberOf(entries, row.memberId, 'available'),
    heldAfter: memberOf(entries, row.memberId, 'held'),
    replayed,
  } satisfies PostedTransaction;
}

export function createLedgerService(deps: {
  db: Db;
  ledger: LedgerRepository;
  clock: Clock;
  /** The turnover rules that follow real money movements in the same transaction (wagering.ts). */
  wagering?: WageringRules | undefined;
}) {
  const { db, ledger, clock, wagering } = deps;

  /** Whether the merchant's member plays with play money (a trial member); NOT_FOUND for anyone else. */
  async function demoOfMember(merchantCode: string, memberId: string, tx?: DbOrTx): Promise<boolean> {
    const owner = await ledger.findMember(memberId, tx);
    if (!owner || owner.merchantCode !== merchantCode) {
      throw new DomainError('NOT_FOUND', { reason: 'MEMBER_NOT_FOUND' });
    }
    return isTrialMember(owner.type);
  }

  /**
   * The turnover rules after a new real-money transaction, inside it: a deposit and a bonus get their
   * requirement, a withdrawal hold may not reach into locked money, and a debit of the available balance
   * (play, a forfeit, a reversal, an operator's adjustment) shrinks the locks it left uncovered (a round's
   * stake before its payout comes in).
   */
  async function afterPost(posted: PostedTransaction, request: PostRequest, tx: DbOrTx): Promise<void> {
    if (!wagering || posted.demo || posted.availableAfter === null) return;
    const { memberId, merchantCode, availableAfter } = posted;
    switch (posted.kind) {
      case 'deposit':
        await wagering.depositPaid(
          {
            merchantCode,
            memberId,
            currency: posted.currency,
            transactionId: posted.transactionId,
            amount: posted.amount,
          },
          tx,
        );
        return;
      case 'bonus':
      case 'free_round_win':
      case 'bonus_win':
      case 'promo_win':
        await wagering.bonusCredited(
          {
            merchantCode,
            memberId,
            currency: posted.currency,
            transactionId: posted.transactionId,
            amount: posted.amount,
            availableAfter,
          },
          request.turnover,
          tx,
        );
        return;
      case 'withdrawal_hold':
        await wagering.checkWithdrawal(memberId, posted.amount, availableAfter, tx);
        return;
      case 'game_round':
        await wagering.clamp(memberId, availableAfter - (posted.payout ?? 0n), tx);
        return;
      case 'bet':
      case 'bonus_forfeit':
      case 'reversal':
      case 'adjustment_debit':
        await wagering.clamp(memberId, availableAfter, tx);
        return;
      default:
        return;
    }
  }

  /** The same key posted again must ask for the same thing; anything else is a caller's mistake. */
  function sameRequest(
    row: LedgerTransactionRow,
    request: PostRequest,
    amount: bigint | undefined,
    currency: string,
  ) {
    return (
      row.kind === request.kind &&
      row.memberId === request.memberId &&
      row.currency === currency &&
      (amount === undefined || row.amount === amount) &&
      (row.payout ?? undefined) === request.payout &&
      (row.reversesTransactionId ?? undefined) === request.reversesTransactionId
    );
  }

  async function replay(
    request: PostRequest,
    amount: bigint | undefined,
    currency: string,
    tx: DbOrTx,
  ): Promise<PostedTransaction> {
    const existing = await ledger.findTransactionByKey(request.merchantCode, request.idempotencyKey, tx);
    if (!existing) throw new Error(`ledger key ${request.idempotencyKey} neither inserted nor found`);
    if (!sameRequest(existing, request, amount, currency)) {
      throw new DomainError('IDEMPOTENCY_CONFLICT', { idempotencyKey: request.idempotencyKey });
    }
    return postedOf(existing, await ledger.entriesOf(existing.id, tx), true);
  }

  function checkAmount(amount: bigint): void {
    if (amount <= 0n || amount > BigInt(MAX_LEDGER_AMOUNT)) {
      throw new DomainError('INVALID_INPUT', { reason: 'AMOUNT_OUT_OF_RANGE', max: MAX_LEDGER_AMOUNT });
    }
  }

  /** A reference to the account of a side of a movement. */
  const refOf = (side: Side): AccountRef =>
    'member' in side ? `member:${side.member}` : `house:${side.house}`;

  /** A refusal the ledger's database function raised, as the error the caller is answered. */
  function refusalOf(error: unknown, currency: string): unknown {
    if (uniqueViolation(error) === 'ledger_transaction_reverses_key')
      return new DomainError('IDEMPOTENCY_CONFLICT', { reason: 'ALREADY_REVERSED' });
    switch (functionRefusal(error)?.reason) {
      case 'INSUFFICIENT_BALANCE':
        return new DomainError('INSUFFICIENT_BALANCE', { currency });
      case 'MEMBER_NOT_FOUND':
        return new DomainError('NOT_FOUND', { reason: 'MEMBER_NOT_FOUND' });
      case 'ACTUAL_ACCOUNT_REQUIRED':
        return new DomainError('FEATURE_NOT_ENABLED', { reason: ACTUAL_ACCOUNT_REQUIRED });
      case 'TRIAL_ONLY':
        return new DomainError('INVALID_INPUT', { reason: 'TRIAL_ONLY' });
      default:
        return error;
    }
  }

  async function postIn(request: PostRequest, tx: DbOrTx): Promise<PostedTransaction> {
    const { merchantCode, memberId, idempotencyKey, kind } = request;
    if (idempotencyKey.length === 0 || idempotencyKey.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
      throw new DomainError('INVALID_INPUT', { reason: 'IDEMPOTENCY_KEY_LENGTH' });
    }
    const currency = request.currency ?? WALLET_CURRENCY;
    if (!/^[A-Z]{3}$/.test(currency)) throw new DomainError('INVALID_INPUT', { reason: 'CURRENCY' });
    if (request.amount !== undefined) checkAmount(request.amount);
    const now = clock();

    // What moves where: the kind's movement, or the entries of the transaction a reversal undoes.
    let amount: bigint;
    let entries: { account: AccountRef; amount: bigint }[];
    let members: Movement['members'] = 'any';
    if (kind === 'reversal') {
      // A repeat is answered before the checks (the original is reversed by then).
      if (await ledger.findTransactionByKey(merchantCode, idempotencyKey, tx)) {
        return replay(request, request.amount, currency, tx);
      }
      if (request.reversesTransactionId === undefined) {
        throw new DomainError('INVALID_INPUT', { reason: 'REVERSAL_NEEDS_TRANSACTION' });
      }
      const original = await ledger.findTransaction(request.reversesTransactionId, tx);
      if (!original || original.merchantCode !== merchantCode || original.memberId !== memberId) {
        throw new DomainError('NOT_FOUND', { reason: 'TRANSACTION_NOT_FOUND' });
      }
      if (original.kind === 'reversal')
        throw new DomainError('INVALID_INPUT', { reason: 'REVERSAL_OF_REVERSAL' });
      if (request.amount !== undefined && request.amount !== original.amount) {
        throw new DomainError('INVALID_INPUT', { reason: 'REVERSAL_AMOUNT_MISMATCH' });
      }
      if (original.currency !== currency)
        throw new DomainError('INVALID_INPUT', { reason: 'CURRENCY_MISMATCH' });
      if (await ledger.findReversalOf(original.id, tx)) {
        throw new DomainError('IDEMPOTENCY_CONFLICT', { reason: 'ALREADY_REVERSED' });
      }
      amount = original.amount;
      entries = (await ledger.entriesOf(original.id, tx)).map((entry) => ({
        account: `${entry.accountId}` as const,
        amount: -entry.amount,
      }));
    } else {
      if (request.reversesTransactionId !== undefined) {
        throw new DomainError('INVALID_INPUT', { reason: 'NOT_A_REVERSAL' });
      }
      if (request.amount === undefined) throw new DomainError('INVALID_INPUT', { reason: 'AMOUNT_REQUIRED' });
      amount = request.amount;
      let legs: { movement: Movement; amount: bigint }[];
      if (kind === 'game_round') {
        if (
          request.payout === undefined ||
          request.payout < 0n ||
          request.payout > BigInt(MAX_LEDGER_AMOUNT)
        ) {
          throw new DomainError('INVALID_INPUT', { reason: 'PAYOUT_OUT_OF_RANGE', max: MAX_LEDGER_AMOUNT });
        }
        legs = [{ movement: ROUND_STAKE, amount }];
        if (request.payout > 0n) legs.push({ movement: ROUND_PAYOUT, amount: request.payout });
      } else {
        if (request.payout !== undefined)
          throw new DomainError('INVALID_INPUT', { reason: 'NOT_A_GAME_ROUND' });
        legs = [{ movement: MOVEMENTS[kind], amount }];
      }
      members = MOVEMENTS[kind === 'game_round' ? 'bet' : kind].members;
      entries = legs.flatMap(({ movement, amount: legAmount }) => [
        { account: refOf(movement.from), amount: -legAmount },
        { account: refOf(movement.to), amount: legAmount },
      ]);
    }
    if (entries.length < 2 || entries.reduce((sum, entry) => sum + entry.amount, 0n) !== 0n) {
      throw new Error(`ledger transaction ${idempotencyKey} does not balance`);
    }

    // One call: the key, the balances (a refused debit undoes it, key included) and the entries.
    const row = {
      merchantCode,
      memberId,
      idempotencyKey,
      kind,
      amount,
      payout: kind === 'game_round' ? (request.payout ?? 0n) : null,
      currency,
      reference: request.reference ?? null,
      reversesTransactionId: request.reversesTransactionId ?? null,
      createdAt: now,
    };
    let outcome: PostOutcome;
    try {
      outcome = await ledger.post({ ...row, members, memo: request.memo ?? null, entries }, tx);
    } catch (error) {
      throw refusalOf(error, currency);
    }
    if (outcome.replayed) return replay(request, request.amount, currency, tx);
    const posted: PostedTransaction = {
      ...row,
      transactionId: outcome.transactionId,
      demo: outcome.demo,
      availableAfter: outcome.availableAfter,
      heldAfter: outcome.heldAfter,
      replayed: false,
    };
    await afterPost(posted, request, tx);
    return posted;
  }

  return {
    /**
     * A refusal raised by a database function that posts (`ledger_post` inside another module's call, such
     * as the slot's spin) as the post answers it: INSUFFICIENT_BALANCE, NOT_FOUND, FEATURE_NOT_ENABLED…;
     * anything else unchanged.
     */
    refusalOf,

    /**
     * Posts one transaction. With `tx` it runs inside the caller's database transaction (and fails it on
     * refusal); without, in its own. Refusals: INSUFFICIENT_BALANCE, IDEMPOTENCY_CONFLICT (the key was
     * used for something else, or the transaction was already reversed), FEATURE_NOT_ENABLED
     * (actual_account_required: a trial member and real money), NOT_FOUND, INVALID_INPUT.
     */
    async post(request: PostRequest, tx?: DbOrTx): Promise<PostedTransaction> {
      return tx ? postIn(request, tx) : db.transaction((own) => postIn(request, own));
    },

    /**
     * Holds, until the caller's transaction ends, the member's accounts a post of `kind` would change (the
     * house's are changed by the roll-up after the commit and need no holding; decision 038), taken in account order as every
     * post takes them: work that must read and then move the member's money without a post of another
     * transaction in between (and without waiting in a cycle) starts with it.
     */
    async holdAccounts(
      where: { merchantCode: string; memberId: string; kind: keyof typeof MOVEMENTS; currency?: string },
      tx: DbOrTx,
    ): Promise<void> {
      const movement = MOVEMENTS[where.kind];
      const currency = where.currency ?? WALLET_CURRENCY;
      try {
        await ledger.hold(
          { ...where, currency, accounts: [refOf(movement.from), refOf(movement.to)] },
          clock(),
          tx,
        );
      } catch (error) {
        throw refusalOf(error, currency);
      }
    },

    /** The member's balances in the currency (the merchant's wallet currency by default). */
    async balanceOf(
      where: { merchantCode: string; memberId: string; currency?: string },
      tx?: DbOrTx,
    ): Promise<MemberBalance> {
      const currency = where.currency ?? WALLET_CURRENCY;
      const demo = await demoOfMember(where.merchantCode, where.memberId, tx);
      const accounts = await ledger.memberAccounts(where.merchantCode, where.memberId, tx);
      const balance = (kind: MemberAccountKind) =>
        accounts.find(
          (account) => account.kind === kind && account.currency === currency && account.demo === demo,
        )?.balance ?? 0n;
      return {
        available: balance('available'),
        held: balance('held'),
        currency,
        decimals: MONEY_DECIMALS,
        demo,
      };
    },

    /** The member's transactions, newest first, paged; filtered by kinds and a time range [from, to). */
    async history(request: HistoryRequest, tx?: DbOrTx): Promise<HistoryPage> {
      const filter = {
        merchantCode: request.merchantCode,
        memberId: request.memberId,
        kinds: request.kinds,
        from: request.from,
        to: request.to,
      };
      const total = await ledger.historyCount(filter, tx);
      const rows = await ledger.history(
        filter,
        { limit: request.pageSize, offset: (request.pageNo - 1) * request.pageSize },
        tx,
      );
      return {
        list: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          amount: row.amount,
          currency: row.currency,
          availableChange: row.availableChange,
          heldChange: row.heldChange,
          balanceAfter: row.balanceAfter,
          reference: row.reference,
          game: gameOfMemo(row.memo),
          reverses: row.reversesTransactionId,
          createdAt: row.createdAt,
        })),
        pageNum: request.pageNo,
        totalPages: Math.ceil(total / request.pageSize),
        total,
      };
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
