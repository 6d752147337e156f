import type { ApiTable } from './api-call.ts';
import { z } from 'zod';
import { CONTRACT_KINDS, contractRequestsCalls } from './contract-requests.ts';
import { moneySchema } from './wallet-balance.ts';

/**
 * Agent contracts (product.md §2 /m/member/agent/getSalaryContract, getDevidendContract, getHourContract; §3
 * Contract reply; §4 home load contract check; §6 AGENTPOLICY3; §7 contract requests).
 *
 * An agent's upline (the operator, for top agents) offers the agent a contract of one of three kinds:
 * - `salary`: a daily salary by tiers of the team's daily turnover and active members;
 * - `dividend`: a share of the team's net loss over a period (half a month or a month), by tiers;
 * - `hourly`: an hourly salary by tiers of the turnover of each hour.
 * An operator's offer is a proposal until a second operator approves it (docs/agents.md, "Offers under four
 * eyes"); then the agent reads it and accepts or refuses it, once. An approved offer of a kind replaces
 * (supersedes) a pending offer of the same kind. Amounts are integers in minor units (VND: whole đồng);
 * percentages are basis points (1 % = 100). Only agents (types 1 and 2) receive offers.
 */

export {
  CONTRACT_KINDS,
  CONTRACT_REQUEST_FIELDS,
  contractRequests,
  contractRequestsCalls,
  type ContractKind,
  type ContractRequests,
} from './contract-requests.ts';

/**
 * `proposed`: an operator's offer waiting for a second operator (docs/back-office.md, "Four eyes"), never
 * shown to the agent; `rejected`: the second operator refused it. `pending`: the agent's to answer.
 */
export const CONTRACT_STATUSES = [
  'proposed',
  'rejected',
  'pending',
  'accepted',
  'refused',
  'superseded',
] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
/** The statuses an agent ever sees: an offer reaches the agent once a second operator approved it. */
export const OFFERED_CONTRACT_STATUSES = ['pending', 'accepted', 'refused', 'superseded'] as const;
export type OfferedContractStatus = (typeof OFFERED_CONTRACT_STATUSES)[number];

/** The answers a member may give to a pending contract. */
export const CONTRACT_ANSWERS = ['accept', 'refuse'] as const;
export type ContractAnswer = (typeof CONTRACT_ANSWERS)[number];

export const DIVIDEND_PERIODS = ['half_month', 'month'] as const;
export type DividendPeriod = (typeof DIVIDEND_PERIODS)[number];

/** Member types that may receive a contract offer: agents that the contract check concerns. */
export const CONTRACT_MEMBER_TYPES: readonly number[] = [1, 2];
export const mayReceiveContract = (type: number) => CONTRACT_MEMBER_TYPES.includes(type);

/** Types an operator may promote a real member (type 0) to, so that it receives offers. */
export const AGENT_PROMOTION_TYPES = [1, 2] as const;

/** At most this many tiers in one contract. */
export const MAX_CONTRACT_TIERS = 20;
/** 100 % in basis points. */
export const FULL_PERCENT_BP = 10_000;

const count = z.number().int().min(0).max(1_000_000);
const positiveMoney = moneySchema.refine((value) => value > 0, { message: 'must be positive' });

export const salaryTier = z.object({
  /** The team's turnover of the day reaches at least this (minor units). */
  minTurnover: moneySchema,
  /** And the team has at least this many active members that day. */
  minActiveMembers: count,
  /** Salary of the day (minor units). */
  salary: positiveMoney,
});
export type SalaryTier = z.infer<typeof salaryTier>;

export const dividendTier = z.object({
  /** The team's net loss over the period reaches at least this (minor units). */
  minNetLoss: moneySchema,
  /** And the team has at least this many active members over the period. */
  minActiveMembers: count,
  /** The agent's share of the net loss, basis points (1 % = 100). */
  percentBp: z.number().int().min(1).max(FULL_PERCENT_BP),
});
export type DividendTier = z.infer<typeof dividendTier>;

export const hourlyTier = z.object({
  /** The team's turnover within the hour reaches at least this (minor units). */
  minTurnover: moneySchema,
  /** Salary of that hour (minor units). */
  amount: positiveMoney,
});
export type HourlyTier = z.infer<typeof hourlyTier>;

/** Tiers ordered by their threshold, each strictly above the previous one. */
const ascendingBy =
  <K extends string>(key: K) =>
  (tiers: readonly Record<K, number>[]) =>
    tiers.every((tier, index) => index === 0 || tier[key] > tiers[index - 1]![key]);
const ASCENDING = { message: 'tiers must be in strictly ascending order of their threshold' };
const tierList = <T extends z.ZodType>(tier: T) => z.array(tier).min(1).max(MAX_CONTRACT_TIERS);

export const salaryTerms = z.object({
  tiers: tierList(salaryTier).refine(ascendingBy('minTurnover'), ASCENDING),
});
export const dividendTerms = z.object({
  period: z.enum(DIVIDEND_PERIODS),
  tiers: tierList(dividendTier).refine(ascendingBy('minNetLoss'), ASCENDING),
});
export const hourlyTerms = z.object({
  tiers: tierList(hourlyTier).refine(ascendingBy('minTurnover'), ASCENDING),
});
export type SalaryTerms = z.infer<typeof salaryTerms>;
export type DividendTerms = z.infer<typeof dividendTerms>;
export type HourlyTerms = z.infer<typeof hourlyTerms>;

/** The terms of a contract, tagged by its kind. */
export const contractTerms = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('salary'), terms: salaryTerms }),
  z.object({ kind: z.literal('dividend'), terms: dividendTerms }),
  z.object({ kind: z.literal('hourly'), terms: hourlyTerms }),
]);
export type ContractTerms = z.infer<typeof contractTerms>;

const contractBase = {
  id: z.string(),
  status: z.enum(OFFERED_CONTRACT_STATUSES),
  currency: z.string(),
  /** Who offered it (the upline's name, or the operator). */
  offeredBy: z.string(),
  offeredAt: z.iso.datetime(),
  /** When the member accepted or refused it; null while pending (and when superseded). */
  answeredAt: z.iso.datetime().nullable(),
};

export const agentContract = z.discriminatedUnion('kind', [
  z.object({ ...contractBase, kind: z.literal('salary'), terms: salaryTerms }),
  z.object({ ...contractBase, kind: z.literal('dividend'), terms: dividendTerms }),
  z.object({ ...contractBase, kind: z.literal('hourly'), terms: hourlyTerms }),
]);
export type AgentContract = z.infer<typeof agentContract>;

/** GET a contract of a kind: the latest offer of that kind that was not superseded, or null. */
export const agentContractAnswer = z.object({ contract: agentContract.nullable() });
export type AgentContractAnswer = z.infer<typeof agentContractAnswer>;

export const agentContractQuery = z.object({ kind: z.enum(CONTRACT_KINDS) });

export const answerContractRequest = z.object({ contractId: z.uuid() });
export type AnswerContractRequest = z.infer<typeof answerContractRequest>;

/** Reasons carried in the `value` of refusals. */
export const CONTRACT_REASONS = {
  /** NOT_FOUND: no member of that username (operator calls). */
  memberNotFound: 'member_not_found',
  /** INVALID_INPUT: only a real member of type 0 (or an agent already) can be made an agent. */
  notPromotable: 'not_promotable',
} as const;

const offerBase = {
  username: z.string().trim().min(1).max(64),
  /** Shown to the member as the one who offers; the operator by default. */
  offeredBy: z.string().trim().min(1).max(64).optional(),
};

/**
 * The tiers an operator may offer: as the stored ones, with a threshold above zero (`minTurnover` of a
 * salary or hourly tier, `minNetLoss` of a dividend tier), so that no tier pays for no play. Contracts
 * stored before this rule (with a threshold of 0) still read through the stored schemas above.
 */
export const OFFER_TIERS = {
  salary: salaryTier.extend({ minTurnover: positiveMoney }),
  dividend: dividendTier.extend({ minNetLoss: positiveMoney }),
  hourly: hourlyTier.extend({ minTurnover: positiveMoney }),
} as const;

/**
 * Operator: offer a contract to an agent by username. It is a proposal until a second operator approves
 * it (docs/agents.md, "Offers under four eyes"); it replaces a proposal of the same kind still waiting.
 */
export const offerContractRequest = z.discriminatedUnion('kind', [
  z.object({
    ...offerBase,
    kind: z.literal('salary'),
    terms: z.object({ tiers: tierList(OFFER_TIERS.salary).refine(ascendingBy('minTurnover'), ASCENDING) }),
  }),
  z.object({
    ...offerBase,
    kind: z.literal('dividend'),
    terms: z.object({
      period: z.enum(DIVIDEND_PERIODS),
      tiers: tierList(OFFER_TIERS.dividend).refine(ascendingBy('minNetLoss'), ASCENDING),
    }),
  }),
  z.object({
    ...offerBase,
    kind: z.literal('hourly'),
    terms: z.object({ tiers: tierList(OFFER_TIERS.hourly).refine(ascendingBy('minTurnover'), ASCENDING) }),
  }),
]);
export type OfferContractRequest = z.infer<typeof offerContractRequest>;

/** The agent contracts calls of the API table (api-paths.ts composes every domain's calls). */
export const agentContractsCalls = {
  contractRequests: contractRequestsCalls.contractRequests,
  agentContract: {
    method: 'GET',
    path: '/api/agent-contracts/contract',
    moduleId: 'COMM3',
    query: agentContractQuery,
    response: agentContractAnswer,
  },
  acceptContract: {
    method: 'POST',
    path: '/api/agent-contracts/accept',
    moduleId: 'COMM3',
    body: answerContractRequest,
    response: agentContract,
  },
  refuseContract: {
    method: 'POST',
    path: '/api/agent-contracts/refuse',
    moduleId: 'COMM3',
    body: answerContractRequest,
    response: agentContract,
  },
} as const satisfies ApiTable;
