import type { FirebaseWebConfig, RegistrationRules } from '@kl/contracts/accounts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorCodeOf, messageFor } from '../../../shared/lib/api-client.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { useLogin } from '../api/login.ts';
import { firebaseCodeOf } from '../hooks/use-firebase-sms.ts';
import { useAfterLogin, useStartSession } from '../hooks/use-session-actions.ts';
import type { SocialChannel } from '../lib/firebase-popup.ts';

/** The Firebase SDK's own chunk, fetched when the buttons appear (never with the home page). */
const loadFirebasePopup = () => import('../lib/firebase-popup.ts');

/** The visitor closed the popup, or a second click replaced it: nothing to report. */
const CANCELLED = new Set(['auth/popup-closed-by-user', 'auth/cancelled-popup-request']);

/**
 * Google / Facebook quick login (product.md §2, when the merchant's switch is on and Firebase is configured):
 * the provider's popup, its Firebase ID token, then the encrypted login with that token.
 */
export function SocialLoginButtons({
  rules,
  from,
  onSecondStep,
}: {
  rules: RegistrationRules;
  from?: unknown;
  /**
   * The member's two-step verification is on: the login sheet asks for the code of this challenge
   * (docs/decisions/056-member-two-factor.md). Without it (the register sheet) the refusal is said.
   */
  onSecondStep?: (challenge: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const login = useLogin();
  const startSession = useStartSession();
  const afterLogin = useAfterLogin();
  const [pending, setPending] = useState<SocialChannel | null>(null);
  const config = rules.firebase;
  const channels = config ? (['google', 'facebook'] as const).filter((channel) => rules.social[channel]) : [];
  const shown = channels.length > 0;

  // Fetched ahead, so that the popup opens straight from the click (browsers block late popups).
  useEffect(() => {
    if (shown) void loadFirebasePopup().catch(() => undefined);
  }, [shown]);

  if (!config || !shown) return null;

  // Firebase's own failures: a blocked popup and a lost network have a message of their own.
  const firebaseMessage = (code: string) =>
    code === 'auth/popup-blocked'
      ? t('auth.popupBlocked')
      : code === 'auth/network-request-failed'
        ? t('NETWORK_OFFLINE', { ns: 'errors' })
        : t('auth.socialFailed');

  const signIn = async (firebase: FirebaseWebConfig, channel: SocialChannel) => {
    // While the popup is open the button shows the wait; the page stays usable (closing the popup is
    // only noticed by Firebase after a few seconds).
    setPending(channel);
    try {
      const { firebaseIdToken } = await loadFirebasePopup();
      const token = await firebaseIdToken(firebase, channel, i18n.language);
      void toast.loading(t('in_please_wait'), { untilCleared: true });
      const info = await login.mutateAsync({
        type: 'firebase',
        firebaseChannel: channel,
        firebaseIdToken: token,
      });
      await toast.clear();
      startSession(info);
      afterLogin(from);
    } catch (error) {
      const challenge = error instanceof ApiError ? error.value?.challenge : undefined;
      if (onSecondStep && errorCodeOf(error) === 'TWO_FACTOR_REQUIRED' && typeof challenge === 'string') {
        await toast.clear();
        onSecondStep(challenge);
        return;
      }
      const code = firebaseCodeOf(error);
      if (code === undefined) void toast.error(messageFor(error));
      else if (!CANCELLED.has(code)) void toast.error(firebaseMessage(code));
    } finally {
      setPending(null);
    }
  };

  return (
    <div className="kl-auth-form__social" role="group" aria-label={t('auth.socialLogin')}>
      {channels.map((channel) => (
        <button
          key={channel}
          type="button"
          className="kl-button kl-button--outline"
          disabled={pending !== null}
          aria-busy={pending === channel}
          onClick={() => void signIn(config, channel)}
        >
          {t(`auth.${channel}`)}
        </button>
      ))}
    </div>
  );
}
