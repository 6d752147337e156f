import { wageringCalls } from '@kl/contracts/wagering';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { formatMoney } from '@kl/contracts/money';
import { toast } from '../../../shared/ui/toast.ts';
import { WALLET_QUERY_KEY } from './keys.ts';

/** POST forfeit `{ requirementId }`: gives up a running bonus. */
export async function forfeitBonus(requirementId: number) {
  return apiCall(wageringCalls.forfeitBonus, { body: { requirementId } });
}

/** Forfeits a bonus; the balance, the turnover and the withdrawal limits are asked again after. */
export function useForfeitBonus(currency: string) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forfeitBonus,
    onSuccess: (result) => {
      void toast.success(
        t('wallet.turnover.forfeited', { amount: formatMoney(result.forfeited, currency, i18n.language) }),
      );
    },
    // The wallet key is the prefix of the turnover's; the withdrawal screen's limits read the same money.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['member', 'withdrawal'] }),
      ]),
  });
}
