import { contentCalls, type HeadIcon } from '@kl/contracts/content';
import { contentHomeCalls } from '@kl/contracts/content-home';
import { memberSessionCalls } from '@kl/contracts/member-session';
import { isTrialMember } from '@kl/contracts/member-types';
import { walletBalanceCalls } from '@kl/contracts/wallet-balance';
import { fullPath } from '@kl/contracts/routes';
import { hashKey, type DehydratedState } from '@tanstack/react-query';
import type { ServerRequest } from '../../shared/lib/server-state.ts';
import { MEMBER_INFO_QUERY_KEY } from '../auth/index.ts';
import { INBOX_UNREAD_QUERY_KEY } from '../messages/index.ts';
import { WALLET_QUERY_KEY } from '../wallet/index.ts';
import { MEMBER_HEAD_ICON_KEY } from './api/keys.ts';

/** The member a page is sent to, as the server found them from the session cookie. */
export interface PageMember {
  userName: string;
  type: number;
}

const MEMBER_CENTRE = fullPath('member/home');

/**
 * A member's first answers, as a page the browser draws brings them (docs/decisions/005-web-first-load.md),
 * under the keys the client reads them with: on every page the member's info (the header's VIP, the
 * reality check) and balance; on the member centre its avatar and the inbox's unread count too (not a
 * trial member's, which the centre does not ask for). Only the server's rendering imports this.
 */
export function memberPageRequests(path: string, member: PageMember): ServerRequest[] {
  const requests: ServerRequest[] = [
    { key: [...MEMBER_INFO_QUERY_KEY, member.userName], entry: memberSessionCalls.memberInfo },
    { key: WALLET_QUERY_KEY, entry: walletBalanceCalls.wallet },
  ];
  if (path === MEMBER_CENTRE && !isTrialMember(member.type)) {
    requests.push(
      { key: [...MEMBER_HEAD_ICON_KEY, member.userName], entry: contentCalls.headIcon },
      { key: [...INBOX_UNREAD_QUERY_KEY, member.userName], entry: contentHomeCalls.inboxUnreadCount },
    );
  }
  return requests;
}

/** The member centre's largest picture, the member's avatar, from the page's data; none on the other pages. */
export function memberPagePicture(queries: DehydratedState, path: string, member: PageMember): string | null {
  if (path !== MEMBER_CENTRE) return null;
  const key = hashKey([...MEMBER_HEAD_ICON_KEY, member.userName]);
  const icon = queries.queries.find((query) => query.queryHash === key)?.state.data as HeadIcon | undefined;
  return icon?.url ?? null;
}
