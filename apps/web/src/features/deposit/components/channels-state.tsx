import { useTranslation } from 'react-i18next';
import { messageFor } from '../../../shared/lib/api-client.ts';
import { ActualAccountRequired } from '../../../shared/ui/actual-account-required.tsx';
import type { DepositFormState } from '../hooks/use-deposit-form.ts';
import { isActualAccountRefusal } from '../lib/refusal.ts';

/**
 * What both templates show instead of the form: loading, 'actual account required', a failure with a retry,
 * or no channel at all. Renders nothing when the form can show.
 */
export function ChannelsState({ form }: { form: DepositFormState }) {
  const { t } = useTranslation();
  const { channels, create } = form;
  if (channels.isPending) return <p role="status">{t('deposit.loading')}</p>;
  if (channels.isError) {
    if (isActualAccountRefusal(channels.error))
      return (
        <ActualAccountRequired
          title={t('deposit.actualAccountRequired')}
          hint={t('deposit.actualAccountHint')}
        />
      );
    return (
      <div className="kl-deposit-card" role="alert">
        <p>{messageFor(channels.error)}</p>
        <button
          type="button"
          className="kl-button kl-button--outline kl-button--small"
          onClick={() => void channels.refetch()}
        >
          {t('deposit.retry')}
        </button>
      </div>
    );
  }
  if (create.isError && isActualAccountRefusal(create.error))
    return (
      <ActualAccountRequired
        title={t('deposit.actualAccountRequired')}
        hint={t('deposit.actualAccountHint')}
      />
    );
  if (!form.channel) return <p className="kl-deposit-card">{t('deposit.noChannels')}</p>;
  return null;
}
