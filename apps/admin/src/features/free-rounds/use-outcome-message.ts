import type { FreeRoundsGrant } from '@kl/contracts/admin/free-rounds';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';

/** The list a grant, a decision or a delivery changes. */
export const FREE_ROUNDS_LIST = 'free-rounds';

/**
 * Says where free rounds stand after a step (docs/back-office.md, "Free rounds"): with the provider, waiting
 * for a second operator, not taken by the provider yet (to be sent again), or rejected. A grant given at
 * once says so. What still needs someone stays on screen longer.
 */
export function useOutcomeMessage(): (grant: FreeRoundsGrant, step: 'grant' | 'decide' | 'deliver') => void {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (grant, step) => {
    const text =
      step === 'grant' && grant.status === 'active'
        ? t('freeRounds.granted.active')
        : t(`freeRounds.outcome.${grant.status}`);
    if (grant.status === 'pending') void message.info(text, 8);
    else if (grant.status === 'undelivered') void message.warning(text, 8);
    else void message.success(text);
  };
}
