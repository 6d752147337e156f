import { wageringCalls, type WageringRequirement } from '@kl/contracts/wagering';
import { walletCalls } from '@kl/contracts/wallet';
import { WITHDRAWAL_BANKS, withdrawalCalls, type BankAccount } from '@kl/contracts/withdrawal';
import type { Withdrawal, WithdrawalInfo } from '@kl/contracts/withdrawal';
import type { MemberKyc, MemberKycSubmission } from '@kl/contracts/kyc';
import { failure, onByDefault } from '../../../test/fake-api.ts';
import { pageOf, walletOf } from '../../../test/fake-data.ts';

/** Withdrawal data for component tests (contracts withdrawal.ts, wagering.ts). */
export const VCB: BankAccount = {
  ...{ accountId: '00000000-0000-4000-8100-000000000001', bankCode: 'VCB', bankName: 'Vietcombank' },
  ...{ accountNumber: '0011223344', accountName: 'NGUYEN VAN AN', createdAt: '2030-03-01T08:00:00.000Z' },
};

/**
 * The identity check of a member who may withdraw: approved, under the merchant's default rules (checked
 * before the first withdrawal, no amount limit).
 */
export const KYC_APPROVED: WithdrawalInfo['kyc'] = {
  state: 'approved',
  firstWithdrawal: true,
  requiredForFirstWithdrawal: true,
  requiredAbove: null,
};

/**
 * What GET /api/withdrawal/info answers: 1,000,000 available, a payment password set, no account, the identity
 * verified and no amount needing two-step verification.
 */
export const withdrawalInfo = (overrides: Partial<WithdrawalInfo> = {}): WithdrawalInfo => ({
  ...{ currency: 'VND', minAmount: 100_000, maxAmount: 50_000_000, dailyCountLimit: 5, todayCount: 0 },
  ...{ available: 1_000_000, withdrawable: 1_000_000, locked: 0, held: 0, payeeName: 'NGUYEN VAN AN' },
  ...{ paymentPassword: { set: true, lockedUntil: null, attemptsLeft: 5 }, kyc: KYC_APPROVED },
  ...{ twoFactorAbove: null, banks: WITHDRAWAL_BANKS.map(({ code, name }) => ({ code, name })) },
  ...{ accounts: [], ...overrides },
});

/** An identity card sent by NGUYEN VAN AN, waiting for an operator unless told. */
export const kycSubmissionOf = (overrides: Partial<MemberKycSubmission> = {}): MemberKycSubmission => {
  const id = '00000000-0000-4000-8300-000000000001';
  const url = (picture: string) => `/api/member/kyc/${id}/pictures/${picture}`;
  return {
    ...{ id, documentKind: 'id_card', documentNumberMasked: '••••••••5678', fullName: 'Nguyễn Văn An' },
    ...{
      birthDate: '1990-05-20',
      submittedAt: '2030-03-01T08:00:00.000Z',
      decidedAt: null,
      rejectReason: null,
    },
    pictures: (['front', 'back', 'selfie'] as const).map((picture) => ({ picture, url: url(picture) })),
    ...overrides,
  };
};

/** What GET /api/member/kyc answers: nothing sent yet, required before the first withdrawal, unless told. */
export const memberKycOf = (overrides: Partial<MemberKyc> = {}): MemberKyc => ({
  ...{ state: 'none', submission: null, requiredForFirstWithdrawal: true, requiredAbove: null, ...overrides },
});

/** A request of 200,000 to Vietcombank ****3344, pending unless told. */
export const withdrawalOf = (overrides: Partial<Withdrawal> = {}): Withdrawal => ({
  ...{ requestId: '00000000-0000-4000-8200-000000000001', amount: 200_000, status: 'pending' },
  ...{ bankCode: 'VCB', bankName: 'Vietcombank', accountNumberMasked: '****3344', currency: 'VND' },
  ...{ accountName: 'NGUYEN VAN AN', createdAt: new Date().toISOString(), decidedAt: null },
  ...{ rejectReason: null, ...overrides },
});

/** What the server holds of the member; a test changes it as it says what the server did. */
export interface WithdrawalServer {
  info: WithdrawalInfo;
  requirements: WageringRequirement[];
  requests: Withdrawal[];
}

/** Answers the withdrawal screens' reads (info, wallet, turnover, requests, a request) from `server`. */
export function answerWithdrawal(server: WithdrawalServer) {
  onByDefault(withdrawalCalls.withdrawalInfo, () => server.info);
  onByDefault(walletCalls.wallet, () => walletOf(server.info.available, server.info.held));
  onByDefault(wageringCalls.walletTurnover, () => ({
    ...server.info,
    requirements: server.requirements,
    contributions: { default: 100, categories: { RNG: 100, LOTT: 50 } },
  }));
  onByDefault(withdrawalCalls.withdrawals, ({ query }) => pageOf(server.requests, query));
  onByDefault(
    withdrawalCalls.withdrawal,
    ({ query }) => server.requests.find((row) => row.requestId === query.requestId) ?? failure('NOT_FOUND'),
  );
}
