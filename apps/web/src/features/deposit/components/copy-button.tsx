import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast.ts';

/** Copies one detail of the payment (account number, reference code…) to the clipboard. */
export function CopyButton({ value, what }: { value: string; what: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      void toast.success(t('deposit.copied', { what }));
    } catch {
      void toast.error(t('deposit.copyFailed'));
    }
  };
  return (
    <button
      type="button"
      className="kl-button kl-button--outline kl-button--small kl-deposit-copy"
      aria-label={t('deposit.copy', { what })}
      onClick={() => void copy()}
    >
      {t('deposit.copyShort')}
    </button>
  );
}
