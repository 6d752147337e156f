import type { WageringRequirement } from '@kl/contracts/wagering';
import type { Withdrawal, WithdrawalInfo } from '@kl/contracts/withdrawal';
import { openAsMember } from '../../../test/member-session.ts';
import { answerWithdrawal, withdrawalInfo, type WithdrawalServer } from './fake-withdrawal.ts';

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
  const view = await openAsMember(path, { type });
  return { ...view, server };
}
