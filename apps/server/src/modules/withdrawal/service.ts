import { randomUUID } from 'node:crypto';
import { isRealMember } from '@kl/contracts/accounts';
import { ACTUAL_ACCOUNT_REQUIRED } from '@kl/contracts/deposit';
import type { MemberKycState } from '@kl/contracts/kyc';
import {
  accountNameKey,
  type AddBankAccountRequest,
  type BankAccount,
  type ChangePaymentPasswordRequest,
  type CreateWithdrawalRequest,
  MAX_BANK_ACCOUNTS,
  type OperatorWithdrawal,
  PAYMENT_PASSWORD_LOCK_MINUTES,
  PAYMENT_PASSWORD_MAX_ATTEMPTS,
  type PaymentPasswordState,
  type SetPaymentPasswordRequest,
  type Withdrawal,
  WITHDRAWAL_BANKS,
  WITHDRAWAL_DAY_UTC_OFFSET_HOURS,
  WITHDRAWAL_REASONS,
  type WithdrawalDecision,
  type WithdrawalInfo,
  type WithdrawalPage,
  type WithdrawalStatus,
} from '@kl/contracts/withdrawal';
import type {
  MemberBankAccountRow,
  WithdrawalRequestRow,
  WithdrawalSettingRow,
} from '../../db/schema/index.ts';
import { addMs, type Clock, dayStartIn, MINUTE_MS } from '../../platform/clock.ts';
import { hashPassword, verifyPassword } from '../../platform/crypto.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import type { AuthenticatedMember } from '../../platform/member-guard.ts';
import { createRestrictionCheck, createRiskRepository } from '../risk/index.ts';
import { type LedgerService, moneyNumber } from '../wallet/index.ts';
import type { WithdrawalRepository, WithdrawalSearch } from './repository.ts';

/** Idempotency keys of a request's ledger transactions: one hold and one settlement per request, ever. */
export const withdrawalHoldKey = (requestId: string) => `withdrawal_hold:${requestId}`;
export const withdrawalSettleKey = (requestId: string) => `withdrawal_settle:${requestId}`;

type Member = Pick<AuthenticatedMember, 'memberId' | 'merchantCode' | 'type'>;

/** Ends every session of the member but `keepSessionId`, inside `tx`; answers how many. */
export type EndOtherSessions = (memberId: string, keepSessionId: string, tx: DbOrTx) => Promise<number>;

/**
 * Runs inside the transaction of a decision that changed the request (not on a repeated one), with the
 * request before and after: what the caller records with the decision (the back office's audit entry).
 * A failure rolls the decision back.
 */
export type WithdrawalDecided = (
  change: { before: OperatorWithdrawal; after: OperatorWithdrawal },
  tx: DbOrTx,
) => Promise<void>;

/**
 * The operator deciding a request (the back office), and the rules the decision is taken under
 * (docs/back-office.md, "Four eyes"): above `secondApprovalAbove` a request is paid only at its second
 * approval, by another operator; `mayApprove` runs with the request locked and refuses (throws) an
 * operator who may not approve it.
 */
export interface WithdrawalDecider {
  operatorId: string;
  secondApprovalAbove: bigint;
  mayApprove: (request: WithdrawalRequestRow, tx: DbOrTx) => Promise<void>;
  /** Runs in the transaction of a first approval, with the request before and after. */
  onFirstApproval?: WithdrawalDecided;
}

/** A request as the back office's queue reads it: with its first approval, when it has one. */
/** What narrows the merchant's requests in the back office (contracts `withdrawalFilters`). */
export interface OperatorWithdrawalQuery {
  status: WithdrawalStatus;
  username?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const searchOf = (query: OperatorWithdrawalQuery): WithdrawalSearch => ({
  status: query.status,
  username: query.username,
  from: query.from === undefined ? undefined : new Date(query.from),
  to: query.to === undefined ? undefined : new Date(query.to),
});

export interface QueuedWithdrawal {
  withdrawal: OperatorWithdrawal;
  firstApprovedBy: string | null;
  firstApprovedAt: Date | null;
}

/** A decision's answer: `awaitingSecondApproval` when it was the first of two approvals. */
export type WithdrawalOutcome = WithdrawalDecision & { awaitingSecondApproval: boolean };

/** The start of the current withdrawal day (midnight in Vietnam time), as an instant. */
export function withdrawalDayStart(now: Date): Date {
  return dayStartIn(now, WITHDRAWAL_DAY_UTC_OFFSET_HOURS);
}

const maskNumber = (accountNumber: string) => `****${accountNumber.slice(-4)}`;

function accountOf(row: MemberBankAccountRow): BankAccount {
  return {
    accountId: row.id,
    bankCode: row.bankCode as BankAccount['bankCode'],
    bankName: row.bankName,
    accountNumber: row.accountNumber,
    accountName: row.accountName,
    createdAt: row.createdAt.toISOString(),
  };
}

function withdrawalOf(row: WithdrawalRequestRow): Withdrawal {
  return {
    requestId: row.id,
    amount: moneyNumber(row.amount),
    currency: row.currency,
    status: row.status,
    bankCode: row.bankCode,
    bankName: row.bankName,
    accountNumberMasked: maskNumber(row.accountNumber),
    accountName: row.accountName,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    rejectReason: row.rejectReason,
  };
}

const operatorWithdrawalOf = (row: WithdrawalRequestRow, username: string): OperatorWithdrawal => ({
  ...withdrawalOf(row),
  memberId: row.memberId,
  username,
  accountNumber: row.accountNumber,
});

export function createWithdrawalService(deps: {
  db: Db;
  withdrawals: WithdrawalRepository;
  ledgerService: LedgerService;
  clock: Clock;
  /** Money locked by turnover requirements (the ledger refuses a hold that reaches into it). */
  lockedOf?: ((memberId: string) => Promise<bigint>) | undefined;
  /** Told after the commit of a change of a member's balance (platform/member-feed.ts). */
  balanceChanged?: ((memberId: string) => void) | undefined;
  /** Ends the member's other sessions when the payment password changes (docs/product.md, "Account security"). */
  endOtherSessions?: EndOtherSessions | undefined;
  /**
   * Checks (and uses) the code of the member's authenticator app when their two-factor is on: throws
   * TWO_FACTOR_REQUIRED without one, WRONG_TWO_FACTOR_CODE for a wrong one (docs/decisions/056-member-two-factor.md).
   */
  verifySecondFactor?: ((memberId: string, code: string | undefined) => Promise<void>) | undefined;
  /**
   * The member's identity check as they read it (the kyc module's; docs/decisions/057-know-your-customer.md).
   * Without it no member's identity counts as approved.
   */
  kycStateOf?: ((memberId: string, tx?: DbOrTx) => Promise<MemberKycState>) | undefined;
  /** Whether the member's two-factor authentication is on (the auth module's); without it, never. */
  twoFactorOn?: ((memberId: string, tx?: DbOrTx) => Promise<boolean>) | undefined;
}) {
  const { db, withdrawals, ledgerService, clock } = deps;
  const kycStateOf = deps.kycStateOf ?? (async (): Promise<MemberKycState> => 'none');
  const twoFactorOn = deps.twoFactorOn ?? (async () => false);
  // Operators' restrictions and the risk queue (docs/back-office.md, "Risk queue, notes, tags and restrictions").
  const restrictions = createRestrictionCheck(db);
  const risk = createRiskRepository(db);

  function requireRealMember(member: Member): void {
    if (!isRealMember(member.type))
      throw new DomainError('FEATURE_NOT_ENABLED', { reason: ACTUAL_ACCOUNT_REQUIRED });
  }

  async function settingsOf(merchantCode: string) {
    const settings = await withdrawals.settings(merchantCode);
    if (!settings) throw new DomainError('FEATURE_NOT_ENABLED', { reason: 'withdrawal_not_configured' });
    return settings;
  }

  const moneyOrNull = (amount: bigint | null) => (amount === null ? null : moneyNumber(amount));

  /**
   * The merchant's identity rules of a request (docs/decisions/057-know-your-customer.md): an approved
   * identity check before the member's first withdrawal paid and above `kycAbove` (403 KYC_REQUIRED with
   * its reason), two-factor authentication on above `twoFactorAbove` (403 TWO_FACTOR_NEEDED).
   */
  async function checkIdentityRules(
    memberId: string,
    amount: bigint,
    settings: WithdrawalSettingRow,
    tx: DbOrTx,
  ): Promise<void> {
    const approved = (await kycStateOf(memberId, tx)) === 'approved';
    if (!approved && settings.kycFirstWithdrawal && !(await withdrawals.hasPaid(memberId, tx))) {
      throw new DomainError('KYC_REQUIRED', { reason: WITHDRAWAL_REASONS.kycFirstWithdrawal });
    }
    if (!approved && settings.kycAbove !== null && amount > settings.kycAbove) {
      throw new DomainError('KYC_REQUIRED', {
        reason: WITHDRAWAL_REASONS.kycAboveAmount,
        requiredAbove: moneyNumber(settings.kycAbove),
      });
    }
    if (
      settings.twoFactorAbove !== null &&
      amount > settings.twoFactorAbove &&
      !(await twoFactorOn(memberId, tx))
    ) {
      throw new DomainError('TWO_FACTOR_NEEDED', { twoFactorAbove: moneyNumber(settings.twoFactorAbove) });
    }
  }

  async function passwordState(memberId: string, hash: string | null): Promise<PaymentPasswordState> {
    const guard = await withdrawals.guard(memberId);
    const now = clock();
    const locked = guard?.lockedUntil && guard.lockedUntil > now ? guard.lockedUntil : null;
    // A lock that ran out leaves a fresh count (the next try starts again at 1).
    const failed = guard && guard.lockedUntil === null ? guard.failedAttempts : 0;
    return {
      set: hash !== null,
      lockedUntil: locked?.toISOString() ?? null,
      attemptsLeft: locked ? 0 : Math.max(0, PAYMENT_PASSWORD_MAX_ATTEMPTS - failed),
    };
  }

  /**
   * Checks a payment password. Every try is counted first, in one statement, and only then compared
   * (argon2), so that parallel tries are numbered one by one and at most PAYMENT_PASSWORD_MAX_ATTEMPTS of
   * them are ever compared: a try numbered beyond it is refused (PAYMENT_PASSWORD_LOCKED) without looking at
   * it. A wrong one keeps its count (WRONG_PAYMENT_PASSWORD with attemptsLeft, PAYMENT_PASSWORD_LOCKED at the
   * last one); a right one clears the count.
   */
  async function checkPaymentPassword(memberId: string, password: string): Promise<void> {
    const secrets = await withdrawals.memberSecrets(memberId);
    if (!secrets) throw new DomainError('NOT_FOUND');
    if (secrets.paymentPasswordHash === null) throw new DomainError('PAYMENT_PASSWORD_NOT_SET');
    const now = clock();
    const counted = await withdrawals.countTry(
      memberId,
      now,
      PAYMENT_PASSWORD_MAX_ATTEMPTS,
      addMs(now, PAYMENT_PASSWORD_LOCK_MINUTES * MINUTE_MS),
    );
    const locked = () =>
      new DomainError('PAYMENT_PASSWORD_LOCKED', {
        lockedUntil: (
          counted.lockedUntil ?? addMs(now, PAYMENT_PASSWORD_LOCK_MINUTES * MINUTE_MS)
        ).toISOString(),
      });
    if (counted.failedAttempts > PAYMENT_PASSWORD_MAX_ATTEMPTS) throw locked();
    if (await verifyPassword(secrets.paymentPasswordHash, password)) {
      await withdrawals.resetFailures(memberId);
      return;
    }
    if (counted.lockedUntil) throw locked();
    throw new DomainError('WRONG_PAYMENT_PASSWORD', {
      attemptsLeft: Math.max(0, PAYMENT_PASSWORD_MAX_ATTEMPTS - counted.failedAttempts),
    });
  }

  async function decide(
    merchantCode: string,
    requestId: string,
    outcome: 'paid' | 'rejected',
    rejectReason: string | null,
    decider: WithdrawalDecider | undefined,
    onDecided?: WithdrawalDecided,
  ): Promise<WithdrawalOutcome> {
    const outcomeOf = await db.transaction(async (tx) => {
      const request = await withdrawals.lockRequest(requestId, tx);
      if (!request || request.merchantCode !== merchantCode) {
        throw new DomainError('NOT_FOUND', { reason: 'WITHDRAWAL_NOT_FOUND' });
      }
      const secrets = await withdrawals.memberSecrets(request.memberId, tx);
      const username = secrets?.username ?? '';
      const unchanged = (awaitingSecondApproval: boolean): WithdrawalOutcome => ({
        withdrawal: operatorWithdrawalOf(request, username),
        changed: false,
        awaitingSecondApproval,
      });
      if (request.status !== 'pending') {
        // The same decision again (a second click) changes nothing; the other one is refused.
        if (request.status === outcome) return unchanged(false);
        throw new DomainError('WITHDRAWAL_CLOSED', { status: request.status });
      }
      const now = clock();
      if (outcome === 'paid' && decider) {
        // The first approver clicking again: it still waits for the second.
        if (request.firstApprovedBy === decider.operatorId) return unchanged(true);
        await decider.mayApprove(request, tx);
        if (request.amount > decider.secondApprovalAbove && request.firstApprovedBy === null) {
          const approved = await withdrawals.approveFirst(
            request.id,
            { operatorId: decider.operatorId, now },
            tx,
          );
          const after = operatorWithdrawalOf(approved, username);
          await decider.onFirstApproval?.({ before: operatorWithdrawalOf(request, username), after }, tx);
          return { withdrawal: after, changed: true, awaitingSecondApproval: true };
        }
      }
      const posted = await ledgerService.post(
        {
          merchantCode: request.merchantCode,
          memberId: request.memberId,
          idempotencyKey: withdrawalSettleKey(request.id),
          kind: outcome === 'paid' ? 'withdrawal_paid' : 'withdrawal_release',
          amount: request.amount,
          currency: request.currency,
          reference: `withdrawal:${request.id}`,
          memo: outcome === 'rejected' && rejectReason ? { reason: rejectReason } : null,
        },
        tx,
      );
      const decided = await withdrawals.decide(
        request.id,
        {
          status: outcome,
          settleTransactionId: posted.transactionId,
          now,
          rejectReason,
          decidedBy: decider?.operatorId ?? null,
        },
        tx,
      );
      const after = operatorWithdrawalOf(decided, username);
      await onDecided?.({ before: operatorWithdrawalOf(request, username), after }, tx);
      return { withdrawal: after, changed: true, awaitingSecondApproval: false };
    });
    if (outcomeOf.changed && !outcomeOf.awaitingSecondApproval)
      deps.balanceChanged?.(outcomeOf.withdrawal.memberId);
    return outcomeOf;
  }

  return {
    async info(member: Member): Promise<WithdrawalInfo> {
      requireRealMember(member);
      const settings = await settingsOf(member.merchantCode);
      const secrets = await withdrawals.memberSecrets(member.memberId);
      if (!secrets) throw new DomainError('NOT_FOUND');
      const balance = await ledgerService.balanceOf({
        merchantCode: member.merchantCode,
        memberId: member.memberId,
        currency: settings.currency,
      });
      const running = (await deps.lockedOf?.(member.memberId)) ?? 0n;
      const locked = running < balance.available ? running : balance.available;
      return {
        currency: settings.currency,
        minAmount: moneyNumber(settings.minAmount),
        maxAmount: moneyNumber(settings.maxAmount),
        dailyCountLimit: settings.dailyCountLimit,
        todayCount: await withdrawals.countSince(member.memberId, withdrawalDayStart(clock())),
        available: moneyNumber(balance.available),
        withdrawable: moneyNumber(balance.available - locked),
        locked: moneyNumber(locked),
        held: moneyNumber(balance.held),
        paymentPassword: await passwordState(member.memberId, secrets.paymentPasswordHash),
        payeeName: secrets.payeeName,
        banks: WITHDRAWAL_BANKS.map((bank) => ({ code: bank.code, name: bank.name })),
        accounts: (await withdrawals.liveAccounts(member.memberId)).map(accountOf),
        kyc: {
          state: await kycStateOf(member.memberId),
          firstWithdrawal: !(await withdrawals.hasPaid(member.memberId)),
          requiredForFirstWithdrawal: settings.kycFirstWithdrawal,
          requiredAbove: moneyOrNull(settings.kycAbove),
        },
        twoFactorAbove: moneyOrNull(settings.twoFactorAbove),
      };
    },

    async setPaymentPassword(
      member: Member,
      request: SetPaymentPasswordRequest,
    ): Promise<PaymentPasswordState> {
      requireRealMember(member);
      if (request.confirmPassword !== request.password) throw new DomainError('CONFIRMATION_NOT_MATCHED');
      const hash = await hashPassword(request.password);
      if (!(await withdrawals.setPaymentPasswordHash(member.memberId, hash, clock(), true))) {
        throw new DomainError('PAYMENT_PASSWORD_SET');
      }
      return passwordState(member.memberId, hash);
    },

    /** A changed payment password ends the member's other sessions, as a changed login password does. */
    async changePaymentPassword(
      member: Member & Pick<AuthenticatedMember, 'sessionId'>,
      request: ChangePaymentPasswordRequest,
    ): Promise<PaymentPasswordState> {
      requireRealMember(member);
      if (request.confirmNewPassword !== request.newPassword)
        throw new DomainError('CONFIRMATION_NOT_MATCHED');
      await checkPaymentPassword(member.memberId, request.oldPassword);
      if (request.newPassword === request.oldPassword) {
        throw new DomainError('INVALID_INPUT', { reason: WITHDRAWAL_REASONS.samePassword });
      }
      const hash = await hashPassword(request.newPassword);
      await db.transaction(async (tx) => {
        await withdrawals.setPaymentPasswordHash(member.memberId, hash, clock(), false, tx);
        await deps.endOtherSessions?.(member.memberId, member.sessionId, tx);
      });
      return passwordState(member.memberId, hash);
    },

    async verifyPaymentPassword(member: Member, password: string): Promise<{ valid: true }> {
      requireRealMember(member);
      await checkPaymentPassword(member.memberId, password);
      return { valid: true };
    },

    async bankAccounts(member: Member): Promise<BankAccount[]> {
      requireRealMember(member);
      return (await withdrawals.liveAccounts(member.memberId)).map(accountOf);
    },

    async addBankAccount(member: Member, request: AddBankAccountRequest): Promise<BankAccount> {
      requireRealMember(member);
      const secrets = await withdrawals.memberSecrets(member.memberId);
      if (!secrets) throw new DomainError('NOT_FOUND');
      const payee = secrets.payeeName === null ? '' : accountNameKey(secrets.payeeName);
      if (payee === '') {
        throw new DomainError('BANK_ACCOUNT_NAME_MISMATCH', { reason: WITHDRAWAL_REASONS.payeeNameMissing });
      }
      if (accountNameKey(request.accountName) !== payee) throw new DomainError('BANK_ACCOUNT_NAME_MISMATCH');
      if ((await withdrawals.liveAccounts(member.memberId)).length >= MAX_BANK_ACCOUNTS) {
        throw new DomainError('INVALID_INPUT', {
          reason: WITHDRAWAL_REASONS.bankAccountLimit,
          max: MAX_BANK_ACCOUNTS,
        });
      }
      const bank = WITHDRAWAL_BANKS.find((entry) => entry.code === request.bankCode);
      if (!bank) throw new DomainError('INVALID_INPUT', { reason: 'BANK_CODE' });
      // A bank account number belongs to one member: another member binding it is refused and recorded.
      const now = clock();
      const number = {
        merchantCode: member.merchantCode,
        bankCode: bank.code,
        accountNumber: request.accountNumber,
      };
      const owner = await withdrawals.claimAccountNumber({
        ...number,
        memberId: member.memberId,
        createdAt: now,
      });
      if (owner !== member.memberId) {
        // The conflict and its signal for the risk queue are one transaction.
        await db.transaction(async (tx) => {
          const conflictId = await withdrawals.insertConflict(
            { ...number, ownerMemberId: owner, memberId: member.memberId, createdAt: now },
            tx,
          );
          await risk.recordSignal(
            {
              merchantCode: member.merchantCode,
              kind: 'bank_account_conflict',
              memberId: member.memberId,
              otherMemberId: owner,
              detail: { bankCode: bank.code },
              sourceKey: `bank_account_conflict:${conflictId}`,
              createdAt: now,
            },
            tx,
          );
        });
        throw new DomainError('BANK_ACCOUNT_TAKEN');
      }
      const created = await withdrawals.insertAccount({
        merchantCode: member.merchantCode,
        memberId: member.memberId,
        bankCode: bank.code,
        bankName: bank.name,
        accountNumber: request.accountNumber,
        // Stored as registered: the name the bank must show.
        accountName: secrets.payeeName ?? payee,
        createdAt: now,
      });
      if (!created) throw new DomainError('BANK_ACCOUNT_EXISTS');
      return accountOf(created);
    },

    async removeBankAccount(member: Member, accountId: string): Promise<{ removed: true }> {
      requireRealMember(member);
      if (!(await withdrawals.removeAccount(member.memberId, accountId, clock()))) {
        throw new DomainError('NOT_FOUND', { reason: 'BANK_ACCOUNT_NOT_FOUND' });
      }
      return { removed: true };
    },

    /**
     * A withdrawal request: the amount within the limits, the payment password right, then in one
     * database transaction (the member's row locked, so the daily count holds under concurrent requests)
     * the merchant's identity rules, the hold through the ledger and the request. The same request key
     * again answers the first request.
     */
    async create(
      member: Member,
      request: CreateWithdrawalRequest,
    ): Promise<{ withdrawal: Withdrawal; replayed: boolean }> {
      requireRealMember(member);
      const settings = await settingsOf(member.merchantCode);
      const amount = BigInt(request.amount);
      if (amount < settings.minAmount || amount > settings.maxAmount) {
        throw new DomainError('WITHDRAWAL_AMOUNT_OUT_OF_RANGE', {
          minAmount: moneyNumber(settings.minAmount),
          maxAmount: moneyNumber(settings.maxAmount),
          currency: settings.currency,
        });
      }
      await checkPaymentPassword(member.memberId, request.paymentPassword);
      // A retry of a request already made answers it (below) without a second code: its code was used.
      if (!(await withdrawals.findRequestByKey(member.memberId, request.requestKey))) {
        await deps.verifySecondFactor?.(member.memberId, request.twoFactorCode);
      }
      return db.transaction(async (tx) => {
        await withdrawals.lockMember(member.memberId, tx);
        const existing = await withdrawals.findRequestByKey(member.memberId, request.requestKey, tx);
        if (existing) {
          if (existing.amount !== amount || existing.bankAccountId !== request.bankAccountId) {
            throw new DomainError('IDEMPOTENCY_CONFLICT', { requestKey: request.requestKey });
          }
          return { withdrawal: withdrawalOf(existing), replayed: true };
        }
        await restrictions.requireUnrestricted(member.memberId, 'withdrawal', tx);
        await checkIdentityRules(member.memberId, amount, settings, tx);
        const account = (await withdrawals.liveAccounts(member.memberId, tx)).find(
          (row) => row.id === request.bankAccountId,
        );
        if (!account) throw new DomainError('NOT_FOUND', { reason: 'BANK_ACCOUNT_NOT_FOUND' });
        const now = clock();
        const today = await withdrawals.countSince(member.memberId, withdrawalDayStart(now), tx);
        if (today >= settings.dailyCountLimit) {
          throw new DomainError('WITHDRAWAL_DAILY_LIMIT', { limit: settings.dailyCountLimit });
        }
        const requestId = randomUUID();
        const hold = await ledgerService.post(
          {
            merchantCode: member.merchantCode,
            memberId: member.memberId,
            idempotencyKey: withdrawalHoldKey(requestId),
            kind: 'withdrawal_hold',
            amount,
            currency: settings.currency,
            reference: `withdrawal:${requestId}`,
          },
          tx,
        );
        const created = await withdrawals.insertRequest(
          {
            id: requestId,
            merchantCode: member.merchantCode,
            memberId: member.memberId,
            requestKey: request.requestKey,
            bankAccountId: account.id,
            bankCode: account.bankCode,
            bankName: account.bankName,
            accountNumber: account.accountNumber,
            accountName: account.accountName,
            amount,
            currency: settings.currency,
            status: 'pending',
            holdTransactionId: hold.transactionId,
            createdAt: now,
          },
          tx,
        );
        return { withdrawal: withdrawalOf(created), replayed: false };
      });
    },

    async list(
      member: Member,
      query: { pageNo: number; pageSize: number; status?: WithdrawalStatus | undefined },
    ): Promise<WithdrawalPage> {
      requireRealMember(member);
      const { rows, total } = await withdrawals.memberRequests(member.memberId, query.status, {
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      });
      return {
        list: rows.map(withdrawalOf),
        pageNum: query.pageNo,
        totalPages: Math.ceil(total / query.pageSize),
        total,
      };
    },

    async one(member: Member, requestId: string): Promise<Withdrawal> {
      requireRealMember(member);
      const row = await withdrawals.findRequest(requestId);
      if (!row || row.memberId !== member.memberId) {
        throw new DomainError('NOT_FOUND', { reason: 'WITHDRAWAL_NOT_FOUND' });
      }
      return withdrawalOf(row);
    },

    /**
     * The requests of the merchant in a status, narrowed by a username prefix and a period of creation
     * (`from` inclusive, `to` exclusive): pending ones oldest first, the others newest first.
     */
    async operatorSearch(
      merchantCode: string,
      query: OperatorWithdrawalQuery & { pageNo: number; pageSize: number },
    ): Promise<{ list: QueuedWithdrawal[]; total: number }> {
      const filter = searchOf(query);
      const [rows, total] = await Promise.all([
        withdrawals.searchRequests(merchantCode, filter, {
          limit: query.pageSize,
          offset: (query.pageNo - 1) * query.pageSize,
        }),
        withdrawals.countRequests(merchantCode, filter),
      ]);
      return {
        list: rows.map(({ request, username }) => ({
          withdrawal: operatorWithdrawalOf(request, username),
          firstApprovedBy: request.firstApprovedBy,
          firstApprovedAt: request.firstApprovedAt,
        })),
        total,
      };
    },

    /**
     * Up to `limit` of the requests the filter keeps, in the queue's order, after the request `after`
     * (none: the first ones): how the back office's CSV reads the whole list.
     */
    async operatorRows(
      merchantCode: string,
      query: OperatorWithdrawalQuery,
      page: { limit: number; after?: string | undefined },
    ): Promise<OperatorWithdrawal[]> {
      const rows = await withdrawals.searchRequests(merchantCode, searchOf(query), {
        limit: page.limit,
        ...(page.after !== undefined && { after: page.after }),
      });
      return rows.map(({ request, username }) => operatorWithdrawalOf(request, username));
    },

    /** How many requests the filter keeps. */
    operatorCount: (merchantCode: string, query: OperatorWithdrawalQuery) =>
      withdrawals.countRequests(merchantCode, searchOf(query)),

    /**
     * Pays a pending request, once — or, above the decider's `secondApprovalAbove`, records its first
     * approval and pays it at the second, by another operator. `onDecided` runs in the transaction of the
     * payment when this call made it.
     */
    approve: (
      merchantCode: string,
      requestId: string,
      decider: WithdrawalDecider | undefined,
      onDecided?: WithdrawalDecided,
    ) => decide(merchantCode, requestId, 'paid', null, decider, onDecided),
    /** Rejects a pending request (its held money is released), once; `onDecided` as for `approve`. */
    reject: (
      merchantCode: string,
      requestId: string,
      reason: string | null,
      decider: Pick<WithdrawalDecider, 'operatorId'> | undefined,
      onDecided?: WithdrawalDecided,
    ) =>
      decide(
        merchantCode,
        requestId,
        'rejected',
        reason,
        decider && { ...decider, secondApprovalAbove: 0n, mayApprove: async () => {} },
        onDecided,
      ),
  };
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
