import type { SessionInfo } from '@kl/contracts/accounts';
import { useTranslation } from 'react-i18next';
import { loginTwoFactor } from '../api/two-factor.ts';
import { TwoFactorCodeForm } from './two-factor-settings.tsx';

/**
 * The login's second step (docs/decisions/056-member-two-factor.md): the password (or SMS code) was right
 * and the member's two-step verification is on; a code of the authenticator app, or a recovery code,
 * answers the challenge within 5 minutes and gives the session.
 */
export function TwoFactorStep({
  challenge,
  onSession,
  onBack,
}: {
  challenge: string;
  onSession: (info: SessionInfo) => Promise<void> | void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="kl-auth-form">
      <h2 className="kl-auth-form__title">{t('auth.twoFactor.title')}</h2>
      <p>{t('auth.twoFactor.stepIntro')}</p>
      <TwoFactorCodeForm
        title={t('auth.twoFactor.title')}
        label={t('auth.twoFactor.codeOrRecovery')}
        submitLabel={t('auth.twoFactor.stepSubmit')}
        onCode={async (code) => onSession(await loginTwoFactor(challenge, code))}
      />
      <button type="button" className="kl-button kl-button--outline" onClick={onBack}>
        {t('auth.twoFactor.back')}
      </button>
    </div>
  );
}
