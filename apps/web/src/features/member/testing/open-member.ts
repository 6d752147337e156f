import { waitFor } from '@testing-library/react';
import { MERCHANT_TOGGLES, type StatusInfo } from '@kl/contracts/status';
import { createSystemStatus } from '../../../test/factories.ts';
import { createFakeAccounts } from '../../../test/fake-accounts.ts';
import { serveAlsoNext } from '../../../test/fake-server.ts';
import { findScreen, renderApp } from '../../../test/render-app.tsx';
import { systemStatusQueryKey } from '../../system-status/index.ts';
import { createFakeMember, type FakeMemberOptions } from './fake-member.ts';

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

/** Opens a member-centre screen in English as a logged-in real member, against the fake servers. */
export async function openMember({
  path = '/m/member/home?lang=en',
  memCen = 1,
  showVipBenefit = true,
  clubLevel = '3',
  memberType = 0,
  ...options
}: OpenMemberOptions = {}) {
  const member = createFakeMember(options);
  serveAlsoNext(member.handle);
  const accounts = createFakeAccounts({
    members: [{ username: 'player01', password: 'secret12', type: memberType, clubLevel }],
  });
  const toggles = Object.fromEntries(
    MERCHANT_TOGGLES.map((name) => [name, name === 'showVipBenefit' ? showVipBenefit : false]),
  ) as StatusInfo['toggles'];
  const status = createSystemStatus({ info: { mobileTemplate: { mem_cen: memCen, dep_func: 0 }, toggles } });
  const view = await renderApp(path, { accounts, storage: accounts.loggedInAs('player01'), status });
  const page = await findScreen();
  // The entries follow the merchant's status (template, VIP benefits): wait for the server's answer.
  await waitFor(() => {
    if (!(view.queryClient.getQueryState(systemStatusQueryKey)?.dataUpdatedAt ?? 0)) {
      throw new Error('The status has not been answered yet');
    }
  });
  return { ...view, member, accounts, page };
}
