import type {
  AdminPromotion,
  CreatePromotionRequest,
  UpdatePromotionRequest,
} from '@kl/contracts/admin/promotions';
import type { PromotionType } from '@kl/contracts/promotions';
import type { TurnoverBase } from '@kl/contracts/wagering';
import dayjs, { type Dayjs } from 'dayjs';
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

/** A promotion as the form shows it. */
export function valuesOf(promotion: AdminPromotion, unit: number): PromotionValues {
  return {
    code: promotion.code,
    type: promotion.type,
    title: localizedValuesOf(promotion.title),
    summary: localizedValuesOf(promotion.summary),
    detailHtml: localizedValuesOf(promotion.detailHtml),
    imageUrl: promotion.imageUrl.startsWith('data:') ? '' : promotion.imageUrl,
    window: [dayjs(promotion.startsAt), dayjs(promotion.endsAt)],
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
    startsAt: values.window[0].toISOString(),
    endsAt: values.window[1].toISOString(),
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
