import { fullPath } from '@kl/contracts/routes';
import type { SystemStatus } from '@kl/contracts/status';
import type { Role } from '../../../shared/stores/session-store.ts';
import { quickNavItems } from '../../home/quick-nav.ts';
import { isAgentType } from './agent-types.ts';

export type MemberItemKey =
  | 'deposit'
  | 'withdraw'
  | 'history'
  | 'gameRecords'
  | 'profile'
  | 'security'
  | 'kyc'
  | 'responsibleGaming'
  | 'vip'
  | 'invite'
  | 'messageCentre'
  | 'inbox'
  | 'feedback'
  | 'agentCentre'
  | 'salaryContract'
  | 'dividendContract'
  | 'hourlyContract'
  | 'becomeAgent';

/** An entry of the member centre: a page, or a message instead of a page. */
export type MemberItem =
  | { key: MemberItemKey; kind: 'route'; to: string }
  | { key: MemberItemKey; kind: 'message'; message: 'contactService' | 'actualAccountRequired' };

/** The quick actions of the new template (and the first entries of the base one). */
export const QUICK_ACTIONS: readonly MemberItemKey[] = ['deposit', 'withdraw', 'history', 'gameRecords'];

export interface MenuGroup {
  key: 'account' | 'benefits' | 'agent' | 'messages';
  items: readonly MemberItemKey[];
}

/** The menu of both templates in groups: account, benefits, messages. */
export const MENU_GROUPS: readonly MenuGroup[] = [
  { key: 'account', items: ['profile', 'security', 'kyc', 'responsibleGaming'] },
  { key: 'benefits', items: ['vip', 'invite'] },
  { key: 'messages', items: ['messageCentre', 'inbox', 'feedback'] },
];

/** An agent's entries: its centre (/m/agent) and the three contract screens. */
export const AGENT_ITEMS: readonly MemberItemKey[] = [
  'agentCentre',
  'salaryContract',
  'dividendContract',
  'hourlyContract',
];

/**
 * The menu groups of a member (docs/agents.md): after the benefits, an agent's group — the agent centre and
 * the contracts for an agent, "become an agent" (the application, /m/agent) for another real member; none
 * for a trial member, nor while the member's type is unknown.
 */
export function menuGroups({
  role,
  memberType,
}: {
  role: Role;
  memberType: number | undefined;
}): readonly MenuGroup[] {
  if (role !== 'member' || memberType === undefined) return MENU_GROUPS;
  const agent: MenuGroup = {
    key: 'agent',
    items: isAgentType(memberType) ? AGENT_ITEMS : ['becomeAgent'],
  };
  return MENU_GROUPS.flatMap((group) => (group.key === 'benefits' ? [group, agent] : [group]));
}

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
    profile: route('profile', fullPath('member/profile')),
    security: route('security', fullPath('member/security')),
    kyc: route('kyc', fullPath('member/kyc')),
    responsibleGaming: route('responsibleGaming', fullPath('member/responsibleGaming')),
    vip: fromQuickNav('vip', fullPath('member/benefits')),
    invite: route('invite', fullPath('inviteFriends')),
    messageCentre: route('messageCentre', fullPath('message')),
    inbox: route('inbox', fullPath('webEmail')),
    feedback: route('feedback', fullPath('feedback')),
    agentCentre: route('agentCentre', fullPath('agent')),
    salaryContract: route('salaryContract', fullPath('member/agent/getSalaryContract')),
    dividendContract: route('dividendContract', fullPath('member/agent/getDevidendContract')),
    hourlyContract: route('hourlyContract', fullPath('member/agent/getHourContract')),
    becomeAgent: route('becomeAgent', fullPath('agent')),
  };
}
