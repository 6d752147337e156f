import type { FirebaseWebConfig } from '@kl/contracts/accounts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSmsCountdown } from '../../../shared/hooks/use-sms-countdown.ts';
import { toast } from '../../../shared/ui/toast.ts';
import type { FirebaseSmsCode } from '../lib/firebase-phone.ts';
import type { SmsSender, ValidMobile } from './use-sms-sender.ts';

/** The Firebase SDK's phone chunk, fetched when the first code is asked for. */
const loadFirebasePhone = () => import('../lib/firebase-phone.ts');

/** The code of a Firebase Auth error (`auth/…`), if it is one. */
export const firebaseCodeOf = (error: unknown): string | undefined =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  typeof error.code === 'string' &&
  error.code.startsWith('auth/')
    ? error.code
    : undefined;

/** Firebase's refusals of a typed code: the field says so. */
const WRONG_CODE = new Set(['auth/invalid-verification-code', 'auth/missing-verification-code']);

/** `+84` and `0912 345 678` → `+84912345678`, as Firebase takes a number (the server reads it back so). */
const e164 = (mobile: { mobileNum: string; countryDialingCode: string }) =>
  `${mobile.countryDialingCode}${mobile.mobileNum.replace(/[\s.()-]/g, '').replace(/^0+/, '')}`;

/**
 * The SMS login's code through Firebase's phone sign-in (`rules.social.sms`): the same sender the code
 * field uses (`send`, its wait and countdown), Firebase's invisible reCAPTCHA in `container` instead of
 * the site's picture code, and `idToken` turning the typed code into the ID token the login sends.
 */
export function useFirebaseSms(config: FirebaseWebConfig | null) {
  const { t, i18n } = useTranslation();
  const countdown = useSmsCountdown();
  const [sending, setSending] = useState(false);
  const sent = useRef<FirebaseSmsCode | null>(null);
  const container = useRef<HTMLDivElement>(null);

  const sendMessage = (code: string | undefined) =>
    code === 'auth/too-many-requests' || code === 'auth/quota-exceeded'
      ? t('auth.smsCaptcha.dailyLimit')
      : code === 'auth/invalid-phone-number'
        ? t('MOBILE_FORMAT', { ns: 'errors' })
        : code === 'auth/network-request-failed'
          ? t('NETWORK_OFFLINE', { ns: 'errors' })
          : t('auth.firebaseSms.notSent');

  const send = async (check: ValidMobile) => {
    if (!config || sending || countdown.secondsLeft > 0) return;
    const mobile = await check();
    const place = container.current;
    if (!mobile || !place) return;
    setSending(true);
    try {
      const { sendFirebaseSms } = await loadFirebasePhone();
      sent.current = await sendFirebaseSms(config, e164(mobile), i18n.language, place);
      // Firebase gives no expiry: the site's first wait before a resend.
      countdown.start();
      void toast.notice(t('in_sms_send'));
    } catch (error) {
      void toast.error(sendMessage(firebaseCodeOf(error)));
    } finally {
      setSending(false);
    }
  };

  /**
   * The ID token of the number once `code` is right; otherwise a refusal for the code field (`field`, the
   * key of its message, as the form's field errors are) or for the form (`form`, its text).
   */
  const idToken = async (code: string): Promise<{ token: string } | { field: string } | { form: string }> => {
    const current = sent.current;
    if (!current) return { field: 'auth.firebaseSms.sendFirst' };
    try {
      return { token: await current.confirm(code) };
    } catch (error) {
      const failure = firebaseCodeOf(error);
      if (failure !== undefined && WRONG_CODE.has(failure)) return { field: 'auth.firebaseSms.wrongCode' };
      if (failure === 'auth/code-expired') {
        sent.current = null;
        return { field: 'auth.firebaseSms.expired' };
      }
      return { form: sendMessage(failure) };
    }
  };

  const sender: SmsSender = { send, sending, secondsLeft: countdown.secondsLeft, prompt: null };
  return { sender, idToken, container };
}
