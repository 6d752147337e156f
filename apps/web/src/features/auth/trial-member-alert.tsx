import { HOME_PATH, fullPath } from '@kl/contracts/routes';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearDialogs, confirmDialog } from '../../shared/ui/dialog.ts';

/**
 * product.md §6: a trial member opening the member centre gets an alert with cancel (home) and register
 * now (/m/register) instead of the screen.
 */
export default function TrialMemberAlert({ page }: { page: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    let active = true;
    void confirmDialog({
      content: t('auth.trialMemberCentre'),
      confirmText: t('auth.registerNow'),
      cancelText: t('auth.cancel'),
    }).then((registerNow) => {
      if (active) void navigate(registerNow ? fullPath('register') : HOME_PATH, { replace: true });
    });
    return () => {
      active = false;
      clearDialogs();
    };
  }, [navigate, t]);
  return (
    <section className="kl-screen" data-page={page}>
      <h1 className="kl-visually-hidden">{t('route.memberHome')}</h1>
    </section>
  );
}
