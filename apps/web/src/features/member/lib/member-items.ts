import { fullPath } from '@kl/contracts/routes';
import type { SystemStatus } from '@kl/contracts/status';
import type { Role } from '../../../shared/stores/session-store.ts';
import { quickNavItems } from '../../home/quick-nav.ts';

export type MemberItemKey =
  | 'deposit'
  | 'withdraw'
  | 'history'
  | 'gameRecords'
  | 'security'
  | 'responsibleGaming'
  | 'vip'
  | 'invite'
  | 'inbox'
  | 'feedback';

/** An entry of the member centre: a page, or a message instead of a page. */
export type MemberItem =
  | { key: MemberItemKey; kind: 'route'; to: string }
  | { key: MemberItemKey; kind: 'message'; message: 'contactService' | 'actualAccountRequired' };

/** The quick actions of the new template (and the first entries of the base one). */
export const QUICK_ACTIONS: readonly MemberItemKey[] = ['deposit', 'withdraw', 'history', 'gameRecords'];

/** The menu of both templates in groups: account, benefits, messages. */
export const MENU_GROUPS: readonly { key: 'account' | 'benefits' | 'messages'; items: MemberItemKey[] }[] = [
  { key: 'account', items: ['security', 'responsibleGaming'] },
  { key: 'benefits', items: ['vip', 'invite'] },
  { key: 'messages', items: ['inbox', 'feedback'] },
];

const route = (key: MemberItemKey, to: string): MemberItem => ({ key, kind: 'route', to });

/**
 * The member centre's entries (product.md §2 member centre, §4 Deposit with non-real account and VIP click):
 * deposit and VIP follow the same rules as the home quick-nav (`quickNavItems`); the others are pages.
 */
export function memberItems({
  status,
  role,
}: {
  status: SystemStatus | undefined;
  role: Role;
}): Record<MemberItemKey, MemberItem> {
  const shared = quickNavItems({ status, role, appOffered: false });
  const fromQuickNav = (key: 'deposit' | 'vip', fallback: string): MemberItem => {
    const item = shared.find((entry) => entry.key === key);
    if (item?.kind === 'message') return { key, kind: 'message', message: item.message };
    if (item?.kind === 'route') return route(key, item.to);
    return route(key, fallback);
  };
  return {
    deposit: fromQuickNav('deposit', fullPath('voucherCenter')),
    withdraw: route('withdraw', fullPath('withdraw')),
    history: route('history', fullPath('member/history')),
    gameRecords: route('gameRecords', fullPath('member/gameRecords')),
    security: route('security', fullPath('member/security')),
    responsibleGaming: route('responsibleGaming', fullPath('member/responsibleGaming')),
    vip: fromQuickNav('vip', fullPath('member/benefits')),
    invite: route('invite', fullPath('inviteFriends')),
    inbox: route('inbox', fullPath('webEmail')),
    feedback: route('feedback', fullPath('feedback')),
  };
}
