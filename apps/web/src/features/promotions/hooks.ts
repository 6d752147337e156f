import type { PromotionClaim } from '@kl/contracts/promotions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/ui/toast.ts';
import { WALLET_QUERY_KEY } from '../wallet/index.ts';
import { applyPromotion } from './api/apply-promotion.ts';
import { claimBonus } from './api/claim-bonus.ts';
import { PROMOTION_CLAIMS_KEY } from './api/keys.ts';

/** Applies to a promotion; the claims are asked again after (a failure is toasted by the query client). */
export function useApplyPromotion() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyPromotion,
    onSuccess: (claim) => {
      void toast.success(
        t(claim.status === 'rejected' ? 'promotions.appliedRejected' : 'promotions.applied'),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: PROMOTION_CLAIMS_KEY }),
  });
}

/** Claims an issued bonus; the balance and the claims are asked again after. */
export function useClaimBonus() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (claim: PromotionClaim) => claimBonus(claim.id),
    onSuccess: (result) => {
      if (result.credited) void toast.success(t('promotions.claimedToast'));
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PROMOTION_CLAIMS_KEY }),
        queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY }),
      ]),
  });
}
