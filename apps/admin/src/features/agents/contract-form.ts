import type { ContractKind, DividendPeriod, OfferContractRequest } from '@kl/contracts/agent-contracts';
import { FULL_PERCENT_BP, OFFER_TIERS } from '@kl/contracts/agent-contracts';

/**
 * The "Offer contract" form (docs/back-office.md, "Agents"): the kind, the dividend period and a list of
 * tiers whose fields follow the kind. Money is typed in whole đồng (VND has no minor units, so it is
 * sent as typed); a dividend share is typed in % and sent in basis points (1 % = 100).
 */

export type TierField = 'minTurnover' | 'minActiveMembers' | 'salary' | 'minNetLoss' | 'percent' | 'amount';
export type TierValues = Partial<Record<TierField, number | null>>;

export interface ContractValues {
  kind: ContractKind;
  period: DividendPeriod;
  tiers: TierValues[];
}

/** What a tier field holds: money (whole đồng; `positive` above zero), a count, or a percentage. */
export interface TierFieldSpec {
  key: TierField;
  type: 'money' | 'count' | 'percent';
  positive?: boolean;
}

/** The fields of a tier of each kind, its threshold (strictly ascending from tier to tier) first. */
export const TIER_FIELDS: Readonly<Record<ContractKind, readonly TierFieldSpec[]>> = {
  salary: [
    { key: 'minTurnover', type: 'money' },
    { key: 'minActiveMembers', type: 'count' },
    { key: 'salary', type: 'money', positive: true },
  ],
  dividend: [
    { key: 'minNetLoss', type: 'money' },
    { key: 'minActiveMembers', type: 'count' },
    { key: 'percent', type: 'percent' },
  ],
  hourly: [
    { key: 'minTurnover', type: 'money' },
    { key: 'amount', type: 'money', positive: true },
  ],
};

/** The tier field whose values must rise from one tier to the next. */
export const thresholdOf = (kind: ContractKind): TierField => TIER_FIELDS[kind][0]!.key;

/**
 * Whether a tier's threshold may be offered, by the offer schema the server checks too: above zero, so
 * that no tier pays for no play (docs/agents.md, "Offers under four eyes").
 */
export function thresholdAccepted(kind: ContractKind, value: number): boolean {
  const threshold =
    kind === 'dividend' ? OFFER_TIERS.dividend.shape.minNetLoss : OFFER_TIERS[kind].shape.minTurnover;
  return threshold.safeParse(value).success;
}

/** The smallest and largest value of a field (a share is 0.01 % to 100 %). */
export function boundsOf(spec: TierFieldSpec): { min: number; max: number } {
  if (spec.type === 'percent') return { min: 0.01, max: FULL_PERCENT_BP / 100 };
  if (spec.type === 'count') return { min: 0, max: 1_000_000 };
  return { min: spec.positive ? 1 : 0, max: Number.MAX_SAFE_INTEGER };
}

export const NEW_CONTRACT: ContractValues = { kind: 'salary', period: 'month', tiers: [{}] };

/** A percentage typed in the form (12.5) as basis points (1250). */
export const basisPointsOf = (percent: number) => Math.round(percent * 100);

const number = (tier: TierValues, key: TierField) => Number(tier[key] ?? 0);

/** The request sent to `adminOfferContract`: only the fields of the kind chosen, in the contract's units. */
export function offerRequestOf(username: string, values: ContractValues): OfferContractRequest {
  const tiers = values.tiers;
  if (values.kind === 'salary') {
    return {
      username,
      kind: 'salary',
      terms: {
        tiers: tiers.map((tier) => ({
          minTurnover: number(tier, 'minTurnover'),
          minActiveMembers: number(tier, 'minActiveMembers'),
          salary: number(tier, 'salary'),
        })),
      },
    };
  }
  if (values.kind === 'dividend') {
    return {
      username,
      kind: 'dividend',
      terms: {
        period: values.period,
        tiers: tiers.map((tier) => ({
          minNetLoss: number(tier, 'minNetLoss'),
          minActiveMembers: number(tier, 'minActiveMembers'),
          percentBp: basisPointsOf(number(tier, 'percent')),
        })),
      },
    };
  }
  return {
    username,
    kind: 'hourly',
    terms: {
      tiers: tiers.map((tier) => ({
        minTurnover: number(tier, 'minTurnover'),
        amount: number(tier, 'amount'),
      })),
    },
  };
}
