import type { PromotionClaim } from '@kl/contracts/promotions';
import { useTranslation } from 'react-i18next';

/** The member's claim status in words (applying / rejected / issued / claimed). */
export function ClaimStatusBadge({ claim }: { claim: PromotionClaim }) {
  const { t } = useTranslation();
  return (
    <span className={`kl-promo-status kl-promo-status--${claim.status}`} data-testid="claim-status">
      {t(`promotions.status.${claim.status}`)}
    </span>
  );
}
