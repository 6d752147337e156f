import type { TurnoverSummary, WageringRequirement } from '@kl/contracts/wagering';
import { walletCalls } from '@kl/contracts/wallet';
import { wageringCalls } from '@kl/contracts/wagering';
import {
  WITHDRAWAL_BANKS,
  withdrawalCalls,
  type BankAccount,
  type Withdrawal,
  type WithdrawalInfo,
} from '@kl/contracts/withdrawal';
import { failure, onByDefault } from '../../../test/fake-api.ts';
import { walletOf } from '../../../test/fake-data.ts';

/**
 * Withdrawal data for component tests (contracts withdrawal.ts, wagering.ts). `answerWithdrawal` answers
 * the screen's reads from a `server` view the test changes as it says what the server did.
 */
export const VCB: BankAccount = {
  accountId: '00000000-0000-4000-8100-000000000001',
  bankCode: 'VCB',
  bankName: 'Vietcombank',
  accountNumber: '0011223344',
  accountName: 'NGUYEN VAN AN',
  createdAt: '2030-03-01T08:00:00.000Z',
};

/** What GET /api/withdrawal/info answers: 1,000,000 available, a payment password set, no account. */
export const withdrawalInfo = (overrides: Partial<WithdrawalInfo> = {}): WithdrawalInfo => ({
  currency: 'VND',
  ...{ minAmount: 100_000, maxAmount: 50_000_000, dailyCountLimit: 5, todayCount: 0 },
  ...{ available: 1_000_000, withdrawable: 1_000_000, locked: 0, held: 0 },
  paymentPassword: { set: true, lockedUntil: null, attemptsLeft: 5 },
  payeeName: 'NGUYEN VAN AN',
  banks: WITHDRAWAL_BANKS.map((bank) => ({ code: bank.code, name: bank.name })),
  accounts: [],
  ...overrides,
});

export const turnoverOf = (
  info: WithdrawalInfo,
  requirements: WageringRequirement[] = [],
): TurnoverSummary => ({
  currency: 'VND',
  available: info.available,
  locked: info.locked,
  withdrawable: info.withdrawable,
  requirements,
  contributions: { default: 100, categories: { RNG: 100, LOTT: 50 } },
});

/** A request of 200,000 to Vietcombank ****3344, pending unless told. */
export const withdrawalOf = (overrides: Partial<Withdrawal> = {}): Withdrawal => ({
  requestId: '00000000-0000-4000-8200-000000000001',
  ...{ amount: 200_000, currency: 'VND', status: 'pending' },
  ...{ bankCode: 'VCB', bankName: 'Vietcombank', accountNumberMasked: '****3344' },
  ...{
    accountName: 'NGUYEN VAN AN',
    createdAt: new Date().toISOString(),
    decidedAt: null,
    rejectReason: null,
  },
  ...overrides,
});

export interface WithdrawalServer {
  info: WithdrawalInfo;
  requirements: WageringRequirement[];
  requests: Withdrawal[];
}

/** Answers the withdrawal screens' reads (info, wallet, turnover, requests, a request) from `server`. */
export function answerWithdrawal(server: WithdrawalServer) {
  onByDefault(withdrawalCalls.withdrawalInfo, () => server.info);
  onByDefault(walletCalls.wallet, () => walletOf(server.info.available, server.info.held));
  onByDefault(wageringCalls.walletTurnover, () => turnoverOf(server.info, server.requirements));
  onByDefault(withdrawalCalls.withdrawals, () => ({
    list: server.requests,
    pageNum: 1,
    totalPages: 1,
    total: server.requests.length,
  }));
  onByDefault(
    withdrawalCalls.withdrawal,
    ({ query }) =>
      server.requests.find((request) => request.requestId === query.requestId) ?? failure('NOT_FOUND'),
  );
}
