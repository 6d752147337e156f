import type { MoneyControls } from '@kl/contracts/admin/controls';
import type {
  AdminPromotion,
  CreatePromotionRequest,
  UpdatePromotionRequest,
} from '@kl/contracts/admin/promotions';
import type { PromotionType } from '@kl/contracts/promotions';
import type { TurnoverBase } from '@kl/contracts/wagering';
import type { Dayjs } from 'dayjs';
import { pickedMoment, pickerMoment } from '../../shared/dates.ts';
import { AdminApiError } from '../../shared/api.ts';
import { localizedRequestOf, localizedValuesOf, type LocalizedValues } from '../../shared/localized-text.ts';

/**
 * The promotion form's values. Amounts are typed in whole units of the currency (`unit`: 10 to the power
 * of its minor digits, 1 for VND) and sent in minor units.
 */
export interface PromotionValues {
  code: string;
  type: PromotionType;
  title: LocalizedValues;
  summary: LocalizedValues;
  detailHtml: LocalizedValues;
  imageUrl?: string;
  window: [Dayjs, Dayjs];
  bonusKind: 'fixed' | 'percent';
  /** fixed: the amount; percent: the cap. */
  bonusAmount: number;
  percent?: number;
  minDeposit: number;
  turnoverMultiple: number;
  turnoverBase: TurnoverBase;
  sort: number;
}

export const NEW_PROMOTION: Partial<PromotionValues> = {
  type: 'FIRST_DEPOSIT',
  bonusKind: 'fixed',
  minDeposit: 0,
  turnoverMultiple: 0,
  turnoverBase: 'bonus',
  sort: 0,
};

/**
 * The terms a promotion will have once what waits is published: its live terms with its pending change
 * over them (docs/back-office.md, "Promotions"). The form edits these, so a new change replaces the
 * pending one with everything it said.
 */
export function pendingTermsOf(promotion: AdminPromotion): AdminPromotion {
  const change = promotion.draft?.change;
  if (!change) return promotion;
  return {
    ...promotion,
    ...(change.title && { title: change.title }),
    ...(change.summary && { summary: change.summary }),
    ...(change.detailHtml && { detailHtml: change.detailHtml }),
    ...(change.imageUrl !== undefined && { imageUrl: change.imageUrl }),
    ...(change.startsAt && { startsAt: change.startsAt }),
    ...(change.endsAt && { endsAt: change.endsAt }),
    ...(change.bonus && { bonus: change.bonus }),
    ...(change.minDeposit !== undefined && { minDeposit: change.minDeposit }),
    ...(change.turnover && { turnover: change.turnover }),
    ...(change.sort !== undefined && { sort: change.sort }),
  };
}

/**
 * Who wrote what publishing the promotion would make live (the creator of a new one, the author of its
 * pending change): none of them may publish it.
 */
export function authorsOf(promotion: AdminPromotion): string[] {
  return [
    ...(promotion.published || promotion.createdBy === null ? [] : [promotion.createdBy]),
    ...(promotion.draft?.draftBy ? [promotion.draft.draftBy] : []),
  ];
}

/** Whether anything of the promotion waits for another operator: a new promotion, or a change. */
export const isPending = (promotion: AdminPromotion) => !promotion.published || promotion.draft !== null;

/** The merchant's limits in the form's units: the largest bonus (whole units), the smallest multiple. */
export interface FormLimits {
  bonusCap: number;
  minTurnoverMultiple: number;
}

export const formLimitsOf = (controls: MoneyControls, unit: number): FormLimits => ({
  bonusCap: controls.promotionBonusCap / unit,
  minTurnoverMultiple: controls.promotionMinTurnoverMultiple,
});

/** A field of the form the server refused for the merchant's limits, with the limit it gave. */
export interface LimitRefusal {
  field: 'bonusAmount' | 'turnoverMultiple';
  /** The cap (minor units) or the minimum multiple. */
  limit: number;
}

/**
 * The limit refusal of a failed save (400 INVALID_INPUT BONUS_ABOVE_CAP or TURNOVER_BELOW_MINIMUM), shown
 * under its field: the merchant may have changed its limits since the form read them.
 */
export function limitRefusalOf(error: unknown): LimitRefusal | null {
  if (!(error instanceof AdminApiError) || error.code !== 'INVALID_INPUT' || !error.value) return null;
  const { reason, cap, minimum } = error.value;
  if (reason === 'BONUS_ABOVE_CAP' && typeof cap === 'number') return { field: 'bonusAmount', limit: cap };
  if (reason === 'TURNOVER_BELOW_MINIMUM' && typeof minimum === 'number')
    return { field: 'turnoverMultiple', limit: minimum };
  return null;
}

/** A promotion as the form shows it (with its pending change, when it has one). */
export function valuesOf(pending: AdminPromotion, unit: number): PromotionValues {
  const promotion = pendingTermsOf(pending);
  return {
    code: promotion.code,
    type: promotion.type,
    title: localizedValuesOf(promotion.title),
    summary: localizedValuesOf(promotion.summary),
    detailHtml: localizedValuesOf(promotion.detailHtml),
    imageUrl: promotion.imageUrl.startsWith('data:') ? '' : promotion.imageUrl,
    window: [pickerMoment(promotion.startsAt), pickerMoment(promotion.endsAt)],
    bonusKind: promotion.bonus.kind,
    bonusAmount: (promotion.bonus.kind === 'fixed' ? promotion.bonus.amount : promotion.bonus.cap) / unit,
    ...(promotion.bonus.kind === 'percent' ? { percent: promotion.bonus.percent } : {}),
    minDeposit: promotion.minDeposit / unit,
    turnoverMultiple: promotion.turnover.multiple,
    turnoverBase: promotion.turnover.base,
    sort: promotion.sort,
  };
}

/** The fields a creation and an update share (English left empty falls back to Vietnamese). */
function editableOf(values: PromotionValues, unit: number) {
  const imageUrl = values.imageUrl?.trim();
  return {
    title: localizedRequestOf(values.title),
    summary: localizedRequestOf(values.summary),
    detailHtml: localizedRequestOf(values.detailHtml),
    ...(imageUrl ? { imageUrl } : {}),
    startsAt: pickedMoment(values.window[0]),
    endsAt: pickedMoment(values.window[1]),
    bonus:
      values.bonusKind === 'fixed'
        ? { kind: 'fixed' as const, amount: Math.round(values.bonusAmount * unit) }
        : {
            kind: 'percent' as const,
            percent: values.percent ?? 0,
            cap: Math.round(values.bonusAmount * unit),
          },
    minDeposit: Math.round(values.minDeposit * unit),
    turnover: { multiple: values.turnoverMultiple, base: values.turnoverBase },
    sort: values.sort,
  };
}

export function createRequestOf(values: PromotionValues, unit: number): CreatePromotionRequest {
  return { code: values.code.trim().toUpperCase(), type: values.type, ...editableOf(values, unit) };
}

/** An update sends every field of the form (the code and the type stay as they are). */
export function updateRequestOf(values: PromotionValues, unit: number): UpdatePromotionRequest {
  return editableOf(values, unit);
}
