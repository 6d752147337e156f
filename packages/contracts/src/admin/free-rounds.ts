import { z } from 'zod';
import type { ApiTable } from '../api-call.ts';
import { pageParams } from '../paging.ts';
import { FREE_ROUNDS_MAX, FREE_ROUNDS_TURNOVER_MAX } from '../provider-wallet.ts';
import { moneySchema } from '../wallet.ts';
import type { AdminCallRule } from './calls.ts';
import { adminGameProviderList } from './catalogue.ts';
import { ADMIN_PAGE_SIZE, adminPage } from './operators.ts';

/**
 * Free rounds an operator grants a member at a game provider (docs/decisions/065-provider-credits.md):
 * - `pending`: beyond the merchant's daily limits of house money given at once, waiting for a second
 *   operator;
 * - `rejected`: the second operator refused it;
 * - `active`: the provider took it: the member plays the rounds in the game;
 * - `undelivered`: granted, but the provider did not take it (not answering, refused): sent again from the
 *   back office.
 */
export const FREE_ROUNDS_STATUSES = ['pending', 'rejected', 'active', 'undelivered'] as const;
export type FreeRoundsStatus = (typeof FREE_ROUNDS_STATUSES)[number];

const grantId = z.uuid();

/**
 * POST: grants a member free rounds of a provider's game. Their value (rounds × roundValue) is house money:
 * given at once while it fits the merchant's daily limits of credits given at once (with the manual
 * credits), beyond them it waits for a second operator.
 */
export const grantFreeRoundsRequest = z.object({
  username: z.string().trim().min(1).max(50),
  providerCode: z.string().trim().min(2).max(32),
  gameId: z.string().trim().min(1).max(100),
  rounds: z.number().int().min(1).max(FREE_ROUNDS_MAX),
  /** The stake of one round, in minor units. */
  roundValue: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  /** Times the winnings to stake before they can be withdrawn. */
  turnoverMultiple: z.number().int().min(0).max(FREE_ROUNDS_TURNOVER_MAX),
  /** Days the member has to play them. */
  validDays: z.number().int().min(1).max(90),
  reason: z.string().trim().min(3).max(200),
  /** Chosen by the caller for this grant: the same key again answers the first one. */
  idempotencyKey: z.string().trim().min(8).max(100),
});
export type GrantFreeRoundsRequest = z.input<typeof grantFreeRoundsRequest>;

export const freeRoundsGrant = z.object({
  id: grantId,
  memberId: z.string(),
  username: z.string(),
  providerCode: z.string(),
  gameId: z.string(),
  gameName: z.string(),
  rounds: z.number().int(),
  roundValue: moneySchema,
  /** rounds × roundValue: what the grant may cost the house before any win. */
  value: moneySchema,
  turnoverMultiple: z.number().int(),
  expiresAt: z.iso.datetime(),
  status: z.enum(FREE_ROUNDS_STATUSES),
  reason: z.string().nullable(),
  requestedBy: z.string().nullable(),
  decidedBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
  /** What the provider answered when it did not take them. */
  deliveryError: z.string().nullable(),
  /** What their rounds won so far. */
  won: moneySchema,
});
export type FreeRoundsGrant = z.infer<typeof freeRoundsGrant>;

export const freeRoundsQuery = z.object({
  status: z.enum(FREE_ROUNDS_STATUSES).optional(),
  ...pageParams(ADMIN_PAGE_SIZE),
});
export const freeRoundsPage = adminPage(freeRoundsGrant);
export type FreeRoundsPage = z.infer<typeof freeRoundsPage>;
export const freeRoundsParams = z.object({ grantId });
export const decideFreeRoundsRequest = z.object({ approve: z.boolean() });

/** The free-rounds calls (composed into adminCalls, calls.ts). */
export const adminFreeRoundsCalls = {
  adminFreeRounds: {
    method: 'GET',
    path: '/api/admin/free-rounds',
    moduleId: 'ADMIN',
    query: freeRoundsQuery,
    response: freeRoundsPage,
  },
  adminGrantFreeRounds: {
    method: 'POST',
    path: '/api/admin/free-rounds',
    moduleId: 'ADMIN',
    body: grantFreeRoundsRequest,
    response: freeRoundsGrant,
  },
  adminDecideFreeRounds: {
    method: 'POST',
    path: '/api/admin/free-rounds/:grantId/decision',
    moduleId: 'ADMIN',
    params: freeRoundsParams,
    body: decideFreeRoundsRequest,
    response: freeRoundsGrant,
  },
  adminDeliverFreeRounds: {
    method: 'POST',
    path: '/api/admin/free-rounds/:grantId/delivery',
    moduleId: 'ADMIN',
    params: freeRoundsParams,
    response: freeRoundsGrant,
  },
  /** The providers a grant may name (code, name, switch; never a key), for whoever may read free rounds. */
  adminFreeRoundsProviders: {
    method: 'GET',
    path: '/api/admin/free-rounds/providers',
    moduleId: 'ADMIN',
    response: adminGameProviderList,
  },
} as const satisfies ApiTable;

/** Free rounds are a promotion: granting, deciding and sending them again is the promotions area's. */
export const adminFreeRoundsRules: Record<keyof typeof adminFreeRoundsCalls, AdminCallRule> = {
  adminFreeRounds: { area: 'promotions', access: 'read' },
  adminGrantFreeRounds: { area: 'promotions', access: 'write' },
  adminDecideFreeRounds: { area: 'promotions', access: 'write' },
  adminDeliverFreeRounds: { area: 'promotions', access: 'write' },
  adminFreeRoundsProviders: { area: 'promotions', access: 'read' },
};
