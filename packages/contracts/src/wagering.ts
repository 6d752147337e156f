import type { ApiTable } from './api-call.ts';
import { z } from 'zod';
import { GAME_TYPES } from './games.ts';
import { moneySchema } from './wallet-balance.ts';

/**
 * Wagering (turnover) requirements (docs/decisions/017-money-integrity.md).
 *
 * Money a member received on terms stays locked until enough has been staked ("turnover"):
 * - a bonus: its promotion's multiple of the bonus, or of the qualifying deposit plus the bonus
 *   (`TURNOVER_BASES`); the bonus, what it wins while the requirement runs, and (for the deposit + bonus
 *   base) the deposit are locked;
 * - every paid deposit: the merchant's multiple (1× by default) of the deposit; the deposit is locked.
 *
 * Each settled stake counts toward every running requirement of the member by its game category's share
 * (slots 100 %, others as the merchant sets). A requirement whose turnover is reached is `met` and unlocks;
 * the member may instead `forfeit` a bonus (the locked bonus and winnings leave the wallet through the
 * ledger). Locked money can be played but not withdrawn: a withdrawal takes only `withdrawable`.
 */

export const TURNOVER_BASES = ['bonus', 'deposit_bonus'] as const;
export type TurnoverBase = (typeof TURNOVER_BASES)[number];

export const REQUIREMENT_STATUSES = ['active', 'met', 'forfeited'] as const;
export type RequirementStatus = (typeof REQUIREMENT_STATUSES)[number];

/**
 * What a requirement plays through: a bonus (a promotion's, or another such as VIP's), a deposit, or
 * what a game provider paid without a stake (`free_rounds`: the win of free rounds; `provider_bonus`: a
 * provider's bonus or promotion prize; docs/decisions/065-provider-credits.md).
 */
export const REQUIREMENT_SOURCES = ['bonus', 'deposit', 'free_rounds', 'provider_bonus'] as const;
export type RequirementSource = (typeof REQUIREMENT_SOURCES)[number];

/**
 * Percent of a settled stake that counts, per game category; categories not listed count `default`. A stake
 * adds its share rounded down to whole minor units (the database's `wagering_round_settled`).
 */
export const contributionTable = z.object({
  default: z.number().int().min(0).max(100),
  categories: z.partialRecord(z.enum(GAME_TYPES), z.number().int().min(0).max(100)),
});
export type ContributionTable = z.infer<typeof contributionTable>;

export const wageringRequirement = z.object({
  id: z.number().int().positive(),
  source: z.enum(REQUIREMENT_SOURCES),
  status: z.enum(REQUIREMENT_STATUSES),
  /**
   * The promotion of a bonus (its title in the caller's language); the game of a provider's credit; null for
   * a deposit.
   */
  promotionId: z.number().int().positive().nullable(),
  promotionTitle: z.string().nullable(),
  /** Turnover to reach, and reached so far (never above `required` once met). */
  required: moneySchema,
  progress: moneySchema,
  /** Locked by it now: bonus and its winnings, and the deposit it was given for (0 once met or forfeited). */
  locked: moneySchema,
  /** The bonus part of `locked`: what a forfeit takes out. */
  lockedBonus: moneySchema,
  createdAt: z.iso.datetime(),
  closedAt: z.iso.datetime().nullable(),
});
export type WageringRequirement = z.infer<typeof wageringRequirement>;

/** GET turnover: where the member's money stands. */
export const turnoverSummary = z.object({
  currency: z.string(),
  /** The available balance. */
  available: moneySchema,
  /** Part of `available` locked by running requirements. */
  locked: moneySchema,
  /** What a withdrawal can take now: available − locked. */
  withdrawable: moneySchema,
  /** Running requirements first (oldest first), then the last closed ones. */
  requirements: z.array(wageringRequirement),
  /** Percent of a stake that counts, per category. */
  contributions: contributionTable,
});
export type TurnoverSummary = z.infer<typeof turnoverSummary>;

/** POST forfeit: gives up a running bonus. */
export const forfeitBonusRequest = z.object({
  requirementId: z.number().int().positive().max(2_147_483_647),
});
export type ForfeitBonusRequest = z.infer<typeof forfeitBonusRequest>;

export const forfeitBonusResult = z.object({
  requirement: wageringRequirement,
  /** What left the wallet (the locked bonus and its winnings, as far as the balance had them). */
  forfeited: moneySchema,
});
export type ForfeitBonusResult = z.infer<typeof forfeitBonusResult>;

/** Why a withdrawal was refused for turnover: what can be withdrawn now and what is still to play. */
export const turnoverRefusal = z.object({
  withdrawable: moneySchema,
  locked: moneySchema,
  /** Turnover still to reach on the requirement that unlocks first. */
  remainingTurnover: moneySchema,
});
export type TurnoverRefusal = z.infer<typeof turnoverRefusal>;

/** The wagering calls of the API table (api-paths.ts composes every domain's calls). */
export const wageringCalls = {
  walletTurnover: {
    method: 'GET',
    path: '/api/wallet/turnover',
    moduleId: 'FUNDTRANS3',
    response: turnoverSummary,
  },
  forfeitBonus: {
    method: 'POST',
    path: '/api/wallet/turnover/forfeit',
    moduleId: 'FUNDTRANS3',
    body: forfeitBonusRequest,
    response: forfeitBonusResult,
  },
} as const satisfies ApiTable;
