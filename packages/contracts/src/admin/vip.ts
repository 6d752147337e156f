import { z } from 'zod';
import type { ApiTable } from '../api-call.ts';
import { moneySchema } from '../wallet.ts';
import type { AdminCallRule } from './calls.ts';
import { localizedInput } from './content.ts';
import { operatorRequestView } from './credentials.ts';

/**
 * VIP levels in the back office (docs/back-office.md, "VIP levels"): the merchant's levels with what
 * reaches each (cumulative paid deposits) and what each gives, and their changes. Amounts are integers in
 * minor units (VND: whole đồng); the rebate is in hundredths of a percent (80 = 0.8 %).
 *
 * The terms that decide what the house pays — the deposit threshold, the three bonuses and the rebate —
 * change only with a second operator's approval (a `vip_level.update` request, as the money controls'
 * loosening is); names and the withdrawal count and limit change at once.
 */

export const VIP_NAME_MAX = 40;
/** The most withdrawals a day a level may allow. */
export const VIP_MAX_DAILY_WITHDRAWALS = 100;
/** 100 % in basis points. */
export const VIP_MAX_REBATE_BASIS_POINTS = 10_000;

const localizedOut = z.object({ vi: z.string(), en: z.string().optional() });

const termsShape = {
  depositThreshold: moneySchema,
  upgradeBonus: moneySchema,
  birthdayBonus: moneySchema,
  monthlyBonus: moneySchema,
  dailyWithdrawalCount: z.number().int().min(0).max(VIP_MAX_DAILY_WITHDRAWALS),
  dailyWithdrawalLimit: moneySchema,
  rebateBasisPoints: z.number().int().min(0).max(VIP_MAX_REBATE_BASIS_POINTS),
};

/** What a level asks and gives, as kept: its name, threshold, bonuses, withdrawals and rebate. */
export const vipLevelTerms = z.object({ name: localizedOut, ...termsShape });
export type VipLevelTerms = z.infer<typeof vipLevelTerms>;

/** The terms of a level that decide what the house pays: a change of any waits for a second operator. */
export const VIP_MONEY_TERMS = [
  'depositThreshold',
  'upgradeBonus',
  'birthdayBonus',
  'monthlyBonus',
  'rebateBasisPoints',
] as const satisfies readonly (keyof VipLevelTerms)[];

/**
 * Whether `next` changes what the house pays: for a level that exists, any of its money terms differs;
 * for a new level (`current` null), it gives a bonus or a rebate.
 */
export function changesHouseMoney(current: VipLevelTerms | null, next: VipLevelTerms): boolean {
  if (current === null) return VIP_MONEY_TERMS.some((term) => term !== 'depositThreshold' && next[term] > 0);
  return VIP_MONEY_TERMS.some((term) => current[term] !== next[term]);
}

export const adminVipLevel = vipLevelTerms.extend({
  level: z.number().int().min(0),
  /** Real members at this level now (their paid deposits reach it and not the next). */
  members: z.number().int().min(0),
});
export type AdminVipLevel = z.infer<typeof adminVipLevel>;

export const VIP_LEVEL_CHANGES = ['create', 'update'] as const;
export type VipLevelChangeKind = (typeof VIP_LEVEL_CHANGES)[number];

/** What a `vip_level.update` request carries: a new level or a level's new terms. */
export const vipLevelChangePayload = z.object({
  change: z.enum(VIP_LEVEL_CHANGES),
  level: z.number().int().min(0),
  terms: vipLevelTerms,
});
export type VipLevelChangePayload = z.infer<typeof vipLevelChangePayload>;

/** A change waiting for a second operator, with who asked and why. */
export const vipLevelPendingChange = vipLevelChangePayload.extend({
  requestId: z.uuid(),
  note: z.string(),
  requestedBy: z.object({ id: z.uuid(), username: z.string() }),
  requestedAt: z.iso.datetime(),
});
export type VipLevelPendingChange = z.infer<typeof vipLevelPendingChange>;

/** Every level, lowest first, and the changes waiting. */
export const adminVipLevels = z.object({
  list: z.array(adminVipLevel),
  pending: z.array(vipLevelPendingChange),
  currency: z.string(),
});
export type AdminVipLevels = z.infer<typeof adminVipLevels>;

export const vipLevelParams = z.object({ level: z.coerce.number<number>().int().min(0).max(1000) });

/** A level's terms as an operator sends them, with why (for the second operator and the audit). */
export const saveVipLevelBody = z.object({
  name: localizedInput(VIP_NAME_MAX),
  ...termsShape,
  note: z.string().trim().min(1).max(500),
});
export type SaveVipLevelBody = z.input<typeof saveVipLevelBody>;

/**
 * A change that leaves what the house pays as it was is applied at once (`applied`, the level as it is
 * now); one that changes it waits as a `vip_level.update` request (`request`; `level` is the level as it
 * stays meanwhile, null for a new one).
 */
export const vipLevelSaveResult = z.object({
  applied: z.boolean(),
  level: adminVipLevel.nullable(),
  request: operatorRequestView.nullable(),
});
export type VipLevelSaveResult = z.infer<typeof vipLevelSaveResult>;

export const deleteVipLevelResult = z.object({ deleted: z.literal(true) });

export const adminVipCalls = {
  adminVipLevels: {
    method: 'GET',
    path: '/api/admin/vip-levels',
    moduleId: 'ADMIN',
    response: adminVipLevels,
  },
  adminAddVipLevel: {
    method: 'POST',
    path: '/api/admin/vip-levels',
    moduleId: 'ADMIN',
    body: saveVipLevelBody,
    response: vipLevelSaveResult,
  },
  adminUpdateVipLevel: {
    method: 'PUT',
    path: '/api/admin/vip-levels/:level',
    moduleId: 'ADMIN',
    params: vipLevelParams,
    body: saveVipLevelBody,
    response: vipLevelSaveResult,
  },
  adminDeleteVipLevel: {
    method: 'DELETE',
    path: '/api/admin/vip-levels/:level',
    moduleId: 'ADMIN',
    params: vipLevelParams,
    response: deleteVipLevelResult,
  },
} as const satisfies ApiTable;

/** VIP levels are bonus policy: the promotions area (owners and risk write; finance and content read). */
export const adminVipRules: Record<keyof typeof adminVipCalls, AdminCallRule> = {
  adminVipLevels: { area: 'promotions', access: 'read' },
  adminAddVipLevel: { area: 'promotions', access: 'write' },
  adminUpdateVipLevel: { area: 'promotions', access: 'write' },
  adminDeleteVipLevel: { area: 'promotions', access: 'write' },
};
