import type { WageringRequirement } from '@kl/contracts/wagering';
import type { Withdrawal, WithdrawalInfo } from '@kl/contracts/withdrawal';
import { accountsCalls, type MemberSessionEntry } from '@kl/contracts/accounts';
import { kycCalls, type MemberKyc } from '@kl/contracts/kyc';
import { onByDefault } from '../../../test/fake-api.ts';
import { openAsMember } from '../../../test/member-session.ts';
import { answerWithdrawal, memberKycOf, withdrawalInfo, type WithdrawalServer } from './fake-withdrawal.ts';

/** The member's session of the test's page. */
export const THIS_SESSION: MemberSessionEntry = {
  id: '00000000-0000-4000-8200-000000000001',
  browser: 'Safari',
  system: 'iPhone',
  device: 'H5',
  ip: '113.161.0.10',
  country: 'VN',
  signedInAt: '2030-03-01T08:00:00.000Z',
  lastActiveAt: '2030-03-01T09:30:00.000Z',
  current: true,
};

/**
 * Opens `path` (default /m/withdraw) in English as a member of `type`, the server's view made of `info`
 * overrides (and requirements, requests); answers the view, which the test changes as the server would.
 */
export async function openWithdraw({
  type = 0,
  path = '/m/withdraw?lang=en',
  requirements = [],
  requests = [],
  ...info
}: Partial<WithdrawalInfo> & {
  type?: number;
  path?: string;
  requirements?: WageringRequirement[];
  requests?: Withdrawal[];
} = {}) {
  const server: WithdrawalServer = { info: withdrawalInfo(info), requirements, requests };
  answerWithdrawal(server);
  // The security screen lists where the member is signed in: here, this device only.
  onByDefault(accountsCalls.memberSessions, { list: [THIS_SESSION] });
  onByDefault(accountsCalls.loginHistory, { list: [], total: 0, pageNo: 1, pageSize: 20 });
  // Two-step verification is off unless the test turns it on.
  onByDefault(accountsCalls.twoFactorStatus, { enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
  const view = await openAsMember(path, { type });
  return { ...view, server };
}

/**
 * Opens /m/member/kyc in `lang` (English by default) as a member whose identity check is `identity` (nothing
 * sent yet unless told), the withdrawal info made of `info` overrides.
 */
export async function openKyc({
  identity = memberKycOf(),
  lang = 'en',
  ...info
}: Partial<WithdrawalInfo> & { identity?: MemberKyc; lang?: 'en' | 'vi' } = {}) {
  onByDefault(kycCalls.memberKyc, identity);
  return openWithdraw({ ...info, path: `/m/member/kyc?lang=${lang}` });
}
