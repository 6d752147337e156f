import { waitFor } from '@testing-library/react';
import { accountsCalls } from '@kl/contracts/accounts';
import { MERCHANT_TOGGLES, type StatusInfo } from '@kl/contracts/status';
import { createSystemStatus } from '../../../test/factories.ts';
import { onByDefault } from '../../../test/fake-api.ts';
import { memberInfoOf } from '../../../test/fake-data.ts';
import { openAsMember } from '../../../test/member-session.ts';
import { systemStatusQueryKey } from '../../system-status/index.ts';
import { answerMember, type FakeMemberOptions } from './fake-member.ts';

export interface OpenMemberOptions extends FakeMemberOptions {
  path?: string;
  /** The merchant's member-centre template (product.md §4 Templates). */
  memCen?: 0 | 1;
  showVipBenefit?: boolean;
  /** VIP level of the member (clubLabel.labelName). */
  clubLevel?: string;
  /** The member's type (0 unless told; 1 and 2 are agents). */
  memberType?: number;
}

/** Opens a member-centre screen in English as a logged-in real member, with the member centre's answers. */
export async function openMember({
  path = '/m/member/home?lang=en',
  memCen = 1,
  showVipBenefit = true,
  clubLevel = '3',
  memberType = 0,
  ...options
}: OpenMemberOptions = {}) {
  answerMember(options);
  onByDefault(
    accountsCalls.memberInfo,
    memberInfoOf({ type: memberType, clubLabel: { labelName: clubLevel } }),
  );
  const toggles = Object.fromEntries(
    MERCHANT_TOGGLES.map((name) => [name, name === 'showVipBenefit' ? showVipBenefit : false]),
  ) as StatusInfo['toggles'];
  const status = createSystemStatus({ info: { mobileTemplate: { mem_cen: memCen, dep_func: 0 }, toggles } });
  const view = await openAsMember(path, { type: memberType, status });
  // The entries follow the merchant's status (template, VIP benefits): wait for the server's answer.
  await waitFor(() => {
    if (!(view.queryClient.getQueryState(systemStatusQueryKey)?.dataUpdatedAt ?? 0)) {
      throw new Error('The status has not been answered yet');
    }
  });
  return view;
}
