import { CONTRACT_KINDS, DIVIDEND_PERIODS } from '@kl/contracts/agent-contracts';
import { AGENT_APPLICATION_STATUSES, SETTLEMENT_STATUSES } from '@kl/contracts/agents';
import { OPERATOR_ROLES } from '@kl/contracts/admin/access';
import { ADMIN_ANNOUNCEMENT_TYPES } from '@kl/contracts/admin/content';
import { OPEN_ROUND_ACTIONS, PROVIDER_PROTOCOLS } from '@kl/contracts/admin/game-providers';
import {
  ADJUSTMENT_DIRECTIONS,
  ADJUSTMENT_STATUSES,
  MEMBER_SEARCH_FIELDS,
} from '@kl/contracts/admin/members';
import { DASHBOARD_PERIODS } from '@kl/contracts/admin/money';
import { DEPOSIT_ORDER_STATUSES } from '@kl/contracts/deposit';
import { KYC_DOCUMENT_KINDS, KYC_PICTURES, KYC_STATES } from '@kl/contracts/kyc';
import { WITHDRAWAL_STATUSES } from '@kl/contracts/withdrawal';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import vi from './vi.json';

/** The catalogue as `key.path → value`, leaves only. */
function flatten(
  node: unknown,
  path: string[] = [],
  into = new Map<string, unknown>(),
): Map<string, unknown> {
  if (typeof node !== 'object' || node === null) return into.set(path.join('.'), node);
  for (const [key, child] of Object.entries(node)) flatten(child, [...path, key], into);
  return into;
}

const catalogues = { vi: flatten(vi), en: flatten(en) };

describe('the back office’s texts', () => {
  it('have the same keys in Vietnamese and English', () => {
    expect([...catalogues.en.keys()].sort()).toEqual([...catalogues.vi.keys()].sort());
  });

  it.each(Object.entries(catalogues))('%s: every text is a non-empty string', (_language, texts) => {
    const blank = [...texts].filter(([, text]) => typeof text !== 'string' || text.trim() === '');
    expect(blank).toEqual([]);
  });

  it('name every value of the contracts that the screens show', () => {
    const expected = [
      ...OPERATOR_ROLES.map((role) => `role.${role}`),
      ...DASHBOARD_PERIODS.map((period) => `dashboard.periods.${period}`),
      ...MEMBER_SEARCH_FIELDS.map((field) => `members.fields.${field}`),
      ...ADJUSTMENT_STATUSES.flatMap((status) => [
        `adjustments.statuses.${status}`,
        `adjustments.decided.${status}`,
      ]),
      ...ADJUSTMENT_DIRECTIONS.map((direction) => `adjustments.directions.${direction}`),
      ...WITHDRAWAL_STATUSES.map((status) => `withdrawals.statuses.${status}`),
      ...DEPOSIT_ORDER_STATUSES.map((status) => `deposits.statuses.${status}`),
      ...ADMIN_ANNOUNCEMENT_TYPES.map((type) => `announcements.types.${type}`),
      ...AGENT_APPLICATION_STATUSES.map((status) => `agents.applications.statuses.${status}`),
      ...SETTLEMENT_STATUSES.map((status) => `agents.settlements.statuses.${status}`),
      ...CONTRACT_KINDS.map((kind) => `agents.kinds.${kind}`),
      ...DIVIDEND_PERIODS.map((period) => `agents.periods.${period}`),
      ...KYC_STATES.map((state) => `kyc.states.${state}`),
      ...KYC_DOCUMENT_KINDS.map((kind) => `kyc.kinds.${kind}`),
      ...KYC_PICTURES.flatMap((picture) => [`kyc.pictures.${picture}`, `kyc.pictureAlt.${picture}`]),
      ...OPEN_ROUND_ACTIONS.flatMap((action) => [
        `gameProviders.openRoundActions.${action}`,
        `gameProviders.openRoundHints.${action}`,
        `gameProviders.openRoundPolicies.${action}`,
      ]),
      ...PROVIDER_PROTOCOLS.map((protocol) => `gameProviders.protocols.${protocol}`),
    ];
    expect(expected.filter((key) => !catalogues.vi.has(key))).toEqual([]);
  });
});
