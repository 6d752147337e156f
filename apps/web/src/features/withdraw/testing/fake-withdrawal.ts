import {
  accountNameKey,
  MAX_BANK_ACCOUNTS,
  PAYMENT_PASSWORD_MAX_ATTEMPTS,
  WITHDRAWAL_BANKS,
  type BankAccount,
  type Withdrawal,
  type WithdrawalInfo,
  type WithdrawalStatus,
} from '@kl/contracts/withdrawal';
import type { TurnoverSummary, WageringRequirement } from '@kl/contracts/wagering';
import type { WalletBalance } from '@kl/contracts/wallet';
import { fail, ok, requestBody } from '../../../test/envelope-answers.ts';

/**
 * The withdrawal side of the API for component tests, keeping the contracts of withdrawal.ts and the
 * server's rules: payment password (6 digits, 5 wrong tries lock it), bank accounts (the account name
 * must be the payee name, at most 5), requests (min/max, daily count, available balance, the request key
 * answering the first request; the money locked by running turnover requirements cannot be asked for),
 * GET /api/wallet and GET /api/wallet/turnover. A viewer who is not a real member is refused with
 * FEATURE_NOT_ENABLED actual_account_required.
 */
export interface FakeWithdrawalOptions {
  viewer?: 'member' | 'refused';
  available?: number;
  held?: number;
  payeeName?: string | null;
  /** The payment password already set (null: none yet). */
  paymentPassword?: string | null;
  /** Wrong tries already made (the lock comes at 5). */
  failedAttempts?: number;
  lockedUntil?: string | null;
  accounts?: Omit<BankAccount, 'createdAt'>[];
  todayCount?: number;
  /** Requests already made (newest first). */
  requests?: Withdrawal[];
  /** Turnover requirements (running ones lock their `locked` money, as far as the balance goes). */
  requirements?: WageringRequirement[];
  /** The next n create calls are carried out, but their answer is lost (a network failure). */
  loseCreateAnswers?: number;
  /** While set, POST create waits for this promise before answering. */
  createGate?: () => Promise<void> | undefined;
  /** A pending request turns this status when it has been asked for this many times. */
  decideAfterPolls?: { polls: number; status: Exclude<WithdrawalStatus, 'pending'> };
}

export interface FakeWithdrawal {
  handle: (url: URL, init?: RequestInit) => Promise<Response | undefined>;
  state: {
    available: number;
    held: number;
    paymentPassword: string | null;
    failedAttempts: number;
    lockedUntil: string | null;
    accounts: BankAccount[];
    requests: (Withdrawal & { requestKey: string })[];
    requirements: WageringRequirement[];
    /** Requirement ids of every forfeit call, in order. */
    forfeitCalls: number[];
    /** Every create call's body, in order. */
    createCalls: { requestKey: string; bankAccountId: string; amount: number; paymentPassword: string }[];
    addCalls: unknown[];
    removed: string[];
    requestPolls: number;
  };
}

export const FAKE_LIMITS = { minAmount: 100_000, maxAmount: 50_000_000, dailyCountLimit: 5 } as const;

const uuid = (prefix: number, n: number) => `00000000-0000-4000-8${prefix}00-${String(n).padStart(12, '0')}`;

export function createFakeWithdrawal(options: FakeWithdrawalOptions = {}): FakeWithdrawal {
  const payeeName = options.payeeName === undefined ? 'NGUYEN VAN AN' : options.payeeName;
  const state: FakeWithdrawal['state'] = {
    available: options.available ?? 1_000_000,
    held: options.held ?? 0,
    paymentPassword: options.paymentPassword === undefined ? '246810' : options.paymentPassword,
    failedAttempts: options.failedAttempts ?? 0,
    lockedUntil: options.lockedUntil ?? null,
    requirements: options.requirements ?? [],
    forfeitCalls: [],
    accounts: (options.accounts ?? []).map((account) => ({
      ...account,
      createdAt: new Date().toISOString(),
    })),
    requests: (options.requests ?? []).map((request, index) => ({
      ...request,
      requestKey: `old-key-${index}`,
    })),
    createCalls: [],
    addCalls: [],
    removed: [],
    requestPolls: 0,
  };
  let lostAnswers = options.loseCreateAnswers ?? 0;
  let todayCount = options.todayCount ?? 0;

  const passwordState = () => ({
    set: state.paymentPassword !== null,
    lockedUntil: state.lockedUntil,
    attemptsLeft: state.lockedUntil ? 0 : PAYMENT_PASSWORD_MAX_ATTEMPTS - state.failedAttempts,
  });

  /** The server's check: a refusal Response, or null when the password is right. */
  const checkPassword = (password: unknown): Response | null => {
    if (state.paymentPassword === null) return fail('PAYMENT_PASSWORD_NOT_SET', 409);
    if (state.lockedUntil) return fail('PAYMENT_PASSWORD_LOCKED', 429, { lockedUntil: state.lockedUntil });
    if (password === state.paymentPassword) {
      state.failedAttempts = 0;
      return null;
    }
    state.failedAttempts += 1;
    if (state.failedAttempts >= PAYMENT_PASSWORD_MAX_ATTEMPTS) {
      state.lockedUntil = new Date(Date.now() + 15 * 60_000).toISOString();
      return fail('PAYMENT_PASSWORD_LOCKED', 429, { lockedUntil: state.lockedUntil });
    }
    return fail('WRONG_PAYMENT_PASSWORD', 400, {
      attemptsLeft: PAYMENT_PASSWORD_MAX_ATTEMPTS - state.failedAttempts,
    });
  };

  const publicOf = ({ requestKey: _key, ...request }: Withdrawal & { requestKey: string }): Withdrawal =>
    request;

  const decide = (
    request: Withdrawal & { requestKey: string },
    status: Exclude<WithdrawalStatus, 'pending'>,
  ) => {
    if (request.status !== 'pending') return;
    request.status = status;
    request.decidedAt = new Date().toISOString();
    state.held -= request.amount;
    if (status === 'rejected') state.available += request.amount;
  };

  const lockedNow = () => {
    const running = state.requirements
      .filter((requirement) => requirement.status === 'active')
      .reduce((sum, requirement) => sum + requirement.locked, 0);
    return Math.min(running, state.available);
  };

  const handle = async (url: URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = requestBody(init);
    const path = url.pathname;
    if (path === '/api/wallet') {
      const wallet: WalletBalance = {
        sumBalance: state.available + state.held,
        available: state.available,
        held: state.held,
        currency: 'VND',
        decimals: 0,
        demo: false,
      };
      return ok(wallet);
    }
    if (path === '/api/wallet/turnover') {
      const summary: TurnoverSummary = {
        currency: 'VND',
        available: state.available,
        locked: lockedNow(),
        withdrawable: state.available - lockedNow(),
        requirements: state.requirements,
        contributions: { default: 100, categories: { RNG: 100, LOTT: 50 } },
      };
      return ok(summary);
    }
    if (path === '/api/wallet/turnover/forfeit' && method === 'POST') {
      const id = Number(body.requirementId);
      state.forfeitCalls.push(id);
      const requirement = state.requirements.find((item) => item.id === id);
      if (!requirement) return fail('NOT_FOUND', 404);
      if (requirement.status !== 'active' || requirement.source !== 'bonus')
        return fail('BONUS_NOT_FORFEITABLE', 409);
      const forfeited = Math.min(requirement.lockedBonus, state.available);
      state.available -= forfeited;
      const closed = { ...requirement, status: 'forfeited' as const, locked: 0, lockedBonus: 0 };
      state.requirements = state.requirements.map((item) => (item.id === id ? closed : item));
      return ok({ requirement: closed, forfeited });
    }
    if (!path.startsWith('/api/withdrawal/')) return undefined;
    if (options.viewer === 'refused') {
      return fail('FEATURE_NOT_ENABLED', 403, { reason: 'actual_account_required' });
    }

    if (path === '/api/withdrawal/info' && method === 'GET') {
      const info: WithdrawalInfo = {
        currency: 'VND',
        ...FAKE_LIMITS,
        todayCount,
        available: state.available,
        withdrawable: state.available - lockedNow(),
        locked: lockedNow(),
        held: state.held,
        paymentPassword: passwordState(),
        payeeName,
        banks: WITHDRAWAL_BANKS.map((bank) => ({ code: bank.code, name: bank.name })),
        accounts: state.accounts,
      };
      return ok(info);
    }
    if (path === '/api/withdrawal/payment-password' && method === 'PUT') {
      if (state.paymentPassword !== null) return fail('PAYMENT_PASSWORD_SET', 409);
      if (!/^\d{6}$/.test(String(body.password))) return fail('INVALID_INPUT', 400);
      if (body.confirmPassword !== body.password) return fail('CONFIRMATION_NOT_MATCHED', 400);
      state.paymentPassword = String(body.password);
      return ok(passwordState());
    }
    if (path === '/api/withdrawal/payment-password' && method === 'POST') {
      if (body.confirmNewPassword !== body.newPassword) return fail('CONFIRMATION_NOT_MATCHED', 400);
      const refused = checkPassword(body.oldPassword);
      if (refused) return refused;
      if (body.newPassword === body.oldPassword) {
        return fail('INVALID_INPUT', 400, { reason: 'SAME_PASSWORD' });
      }
      state.paymentPassword = String(body.newPassword);
      return ok(passwordState());
    }
    if (path === '/api/withdrawal/bank-accounts' && method === 'POST') {
      state.addCalls.push(body);
      if (payeeName === null) {
        return fail('BANK_ACCOUNT_NAME_MISMATCH', 400, { reason: 'payee_name_missing' });
      }
      if (accountNameKey(String(body.accountName)) !== accountNameKey(payeeName)) {
        return fail('BANK_ACCOUNT_NAME_MISMATCH', 400);
      }
      if (state.accounts.length >= MAX_BANK_ACCOUNTS) {
        return fail('INVALID_INPUT', 400, { reason: 'BANK_ACCOUNT_LIMIT', max: MAX_BANK_ACCOUNTS });
      }
      const bank = WITHDRAWAL_BANKS.find((item) => item.code === body.bankCode);
      if (!bank || !/^\d{6,20}$/.test(String(body.accountNumber))) return fail('INVALID_INPUT', 400);
      if (
        state.accounts.some(
          (item) => item.accountNumber === body.accountNumber && item.bankCode === bank.code,
        )
      ) {
        return fail('BANK_ACCOUNT_EXISTS', 409);
      }
      const account: BankAccount = {
        accountId: uuid(1, state.accounts.length + state.removed.length + 1),
        bankCode: bank.code,
        bankName: bank.name,
        accountNumber: String(body.accountNumber),
        accountName: payeeName,
        createdAt: new Date().toISOString(),
      };
      state.accounts.push(account);
      return ok(account);
    }
    if (path === '/api/withdrawal/bank-accounts' && method === 'DELETE') {
      const accountId = url.searchParams.get('accountId');
      if (!state.accounts.some((item) => item.accountId === accountId)) return fail('NOT_FOUND', 404);
      state.accounts = state.accounts.filter((item) => item.accountId !== accountId);
      state.removed.push(accountId ?? '');
      return ok({ removed: true });
    }
    if (path === '/api/withdrawal/requests' && method === 'POST') {
      const call = body as FakeWithdrawal['state']['createCalls'][number];
      state.createCalls.push(call);
      await options.createGate?.();
      const amount = Number(call.amount);
      if (amount < FAKE_LIMITS.minAmount || amount > FAKE_LIMITS.maxAmount) {
        return fail('WITHDRAWAL_AMOUNT_OUT_OF_RANGE', 400, {
          minAmount: FAKE_LIMITS.minAmount,
          maxAmount: FAKE_LIMITS.maxAmount,
          currency: 'VND',
        });
      }
      const refused = checkPassword(call.paymentPassword);
      if (refused) return refused;
      let request = state.requests.find((item) => item.requestKey === call.requestKey);
      if (request && request.amount !== amount) {
        return fail('IDEMPOTENCY_CONFLICT', 409, { requestKey: call.requestKey });
      }
      const replayed = request !== undefined;
      if (!request) {
        const account = state.accounts.find((item) => item.accountId === call.bankAccountId);
        if (!account) return fail('NOT_FOUND', 404, { reason: 'BANK_ACCOUNT_NOT_FOUND' });
        if (todayCount >= FAKE_LIMITS.dailyCountLimit) {
          return fail('WITHDRAWAL_DAILY_LIMIT', 429, { limit: FAKE_LIMITS.dailyCountLimit });
        }
        if (amount > state.available) return fail('INSUFFICIENT_BALANCE', 409);
        if (amount > state.available - lockedNow()) {
          const running = state.requirements.filter((requirement) => requirement.status === 'active');
          return fail('TURNOVER_NOT_MET', 409, {
            withdrawable: state.available - lockedNow(),
            locked: lockedNow(),
            remainingTurnover: Math.min(...running.map((item) => item.required - item.progress)),
          });
        }
        state.available -= amount;
        state.held += amount;
        todayCount += 1;
        request = {
          requestKey: call.requestKey,
          requestId: uuid(2, state.requests.length + 1),
          amount,
          currency: 'VND',
          status: 'pending',
          bankCode: account.bankCode,
          bankName: account.bankName,
          accountNumberMasked: `****${account.accountNumber.slice(-4)}`,
          accountName: account.accountName,
          createdAt: new Date().toISOString(),
          decidedAt: null,
          rejectReason: null,
        };
        state.requests.unshift(request);
      }
      if (lostAnswers > 0) {
        lostAnswers -= 1;
        throw new TypeError('Failed to fetch');
      }
      return ok({ withdrawal: publicOf(request), replayed });
    }
    if (path === '/api/withdrawal/requests' && method === 'GET') {
      const pageNo = Number(url.searchParams.get('pageNo') ?? 1);
      const pageSize = Number(url.searchParams.get('pageSize') ?? 20);
      const list = state.requests.slice((pageNo - 1) * pageSize, pageNo * pageSize).map(publicOf);
      return ok({
        list,
        pageNum: pageNo,
        totalPages: Math.ceil(state.requests.length / pageSize),
        total: state.requests.length,
      });
    }
    if (path === '/api/withdrawal/request' && method === 'GET') {
      const request = state.requests.find((item) => item.requestId === url.searchParams.get('requestId'));
      if (!request) return fail('NOT_FOUND', 404);
      state.requestPolls += 1;
      const decideAfter = options.decideAfterPolls;
      if (decideAfter && state.requestPolls >= decideAfter.polls) decide(request, decideAfter.status);
      return ok(publicOf(request));
    }
    return undefined;
  };

  return { handle, state };
}
