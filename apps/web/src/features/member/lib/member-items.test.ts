import { describe, expect, it } from 'vitest';
import { createSystemStatus } from '../../../test/factories.ts';
import { AGENT_ITEMS, MENU_GROUPS, memberItems, menuGroups } from './member-items.ts';

const statusWith = (showVipBenefit: boolean) => {
  const status = createSystemStatus();
  return { ...status, info: { ...status.info, toggles: { ...status.info.toggles, showVipBenefit } } };
};

describe('member centre entries (product.md §4 Deposit with non-real account, VIP click)', () => {
  it('sends a member to the pages', () => {
    const items = memberItems({ status: statusWith(true), role: 'member' });
    expect(items.deposit).toEqual({ key: 'deposit', kind: 'route', to: '/m/voucherCenter' });
    expect(items.vip).toEqual({ key: 'vip', kind: 'route', to: '/m/member/benefits' });
    expect(items.history).toEqual({ key: 'history', kind: 'route', to: '/m/member/history' });
    expect(items.gameRecords).toEqual({ key: 'gameRecords', kind: 'route', to: '/m/member/gameRecords' });
    expect(items.inbox).toEqual({ key: 'inbox', kind: 'route', to: '/m/webEmail' });
    expect(items.kyc).toEqual({ key: 'kyc', kind: 'route', to: '/m/member/kyc' });
  });

  it('answers VIP with the contact-service message without showVipBenefit', () => {
    const items = memberItems({ status: statusWith(false), role: 'member' });
    expect(items.vip).toEqual({ key: 'vip', kind: 'message', message: 'contactService' });
  });

  it('tells an account that is not real that deposits need a real account', () => {
    const items = memberItems({ status: statusWith(true), role: 'trial' });
    expect(items.deposit).toEqual({ key: 'deposit', kind: 'message', message: 'actualAccountRequired' });
  });
});

describe('member centre agent group (docs/agents.md)', () => {
  const agentGroup = (role: 'member' | 'trial', memberType: number | undefined) =>
    menuGroups({ role, memberType }).find((group) => group.key === 'agent');

  it('lists the agent centre and the contracts for agents, the application for other members', () => {
    expect(agentGroup('member', 1)?.items).toEqual(AGENT_ITEMS);
    expect(agentGroup('member', 2)?.items).toEqual(AGENT_ITEMS);
    expect(agentGroup('member', 0)?.items).toEqual(['becomeAgent']);
    expect(memberItems({ status: statusWith(true), role: 'member' }).becomeAgent).toEqual({
      key: 'becomeAgent',
      kind: 'route',
      to: '/m/agent',
    });
  });

  it('has no agent entries for a trial member, nor before the type is known', () => {
    expect(menuGroups({ role: 'trial', memberType: 4 })).toBe(MENU_GROUPS);
    expect(agentGroup('member', undefined)).toBeUndefined();
  });
});
