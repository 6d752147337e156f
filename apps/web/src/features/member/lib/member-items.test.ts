import { describe, expect, it } from 'vitest';
import { createSystemStatus } from '../../../test/factories.ts';
import { memberItems } from './member-items.ts';

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
