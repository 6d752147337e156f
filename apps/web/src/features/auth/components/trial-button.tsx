import { HOME_PATH } from '@kl/contracts/routes';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../../shared/ui/toast.ts';
import { useTrialLogin } from '../api/trial-login.ts';
import { useStartSession } from '../hooks/use-session-actions.ts';

/**
 * Free play (product.md §4 Trial login): a loading message, a trial session, then /m/home. A failure shows
 * its message (the mutation's toast).
 */
export function TrialButton({
  className = 'kl-button kl-button--outline kl-auth-form__wide',
}: {
  className?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const trialLogin = useTrialLogin();
  const startSession = useStartSession();
  const start = async () => {
    void toast.loading(t('in_please_wait'), { untilCleared: true });
    try {
      const info = await trialLogin.mutateAsync();
      await toast.clear();
      startSession(info);
      void navigate(HOME_PATH, { replace: true });
    } catch {
      // The mutation cache shows the message (it replaces the loading toast).
    }
  };
  return (
    <button type="button" className={className} disabled={trialLogin.isPending} onClick={() => void start()}>
      {t('auth.trial')}
    </button>
  );
}
