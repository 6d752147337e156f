import type { ClaimStatus, PromotionClaim, PromotionSummary } from '@kl/contracts/promotions';
import type { TFunction } from 'i18next';
import { formatMoney } from '@kl/contracts/money';

/** The bonus rule in words: "58.000 ₫" or "100% up to 1.000.000 ₫". */
export function bonusText(promotion: PromotionSummary, t: TFunction, language: string): string {
  const { bonus, currency } = promotion;
  if (bonus.kind === 'fixed') return formatMoney(bonus.amount, currency, language);
  return t('promotions.percentBonus', {
    percent: new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(bonus.percent),
    cap: formatMoney(bonus.cap, currency, language),
  });
}

/** "01/01/2025 – 31/12/2035" in the language's date format. */
export function periodText(promotion: PromotionSummary, language: string): string {
  const format = new Intl.DateTimeFormat(language, { day: '2-digit', month: '2-digit', year: 'numeric' });
  return `${format.format(new Date(promotion.startsAt))} – ${format.format(new Date(promotion.endsAt))}`;
}

/** Which of a promotion's claims to show on its card: an application, else the most actionable bonus. */
export function claimShown(claims: readonly PromotionClaim[] | undefined, promotionId: number) {
  const own = (claims ?? []).filter((claim) => claim.promotionId === promotionId);
  const rank: Record<ClaimStatus, number> = { issued: 0, applying: 1, claimed: 2, rejected: 3 };
  return own.sort((a, b) => rank[a.status] - rank[b.status])[0];
}
