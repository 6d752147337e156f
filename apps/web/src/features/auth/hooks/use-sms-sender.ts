import type { CaptchaChallenge, SMS_PURPOSES } from '@kl/contracts/accounts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, messageFor } from '../../../shared/lib/api-client.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { useCaptcha } from '../api/get-captcha.ts';
import { useSendSms } from '../api/send-sms.ts';
import { formMessage } from '../lib/form-errors.ts';
import { useSmsCountdown } from '../../../shared/hooks/use-sms-countdown.ts';

/** Answers the number and dialing code when valid (focusing the field otherwise). */
export type ValidMobile = () => Promise<{ mobileNum: string; countryDialingCode: string } | null>;

/** What the SMS code field needs of whatever sends its code (the site, or Firebase). */
export interface SmsSender {
  send: (check: ValidMobile) => Promise<void>;
  sending: boolean;
  secondsLeft: number;
  prompt: SmsCaptchaPrompt | null;
}

/** The captcha asked before an SMS is sent, while it is open. */
export interface SmsCaptchaPrompt {
  captcha: UseQueryResult<CaptchaChallenge>;
  /** The refusal of the last answer, already translated. */
  error: string | null;
  sending: boolean;
  /** Sends the SMS with this answer; false when it was not sent and the prompt stays open. */
  confirm: (answer: string) => Promise<boolean>;
  cancel: () => void;
}

/** The server's daily caps of SMS codes (per number, per address): no countdown would help. */
const DAILY_LIMITS = new Set(['SMS_NUMBER_LIMIT', 'IP_LIMIT']);

/**
 * Sends an SMS code for a purpose once the mobile number checks out (product.md §5 "SMS requested only if
 * mobile number valid") and a captcha is answered (the server sends nothing without one): `send` opens
 * the captcha prompt, its confirm sends; 'in_sms_send' for 1.5 s on success, then the countdown.
 */
export function useSmsSender(purpose: (typeof SMS_PURPOSES)[number]): SmsSender {
  const { t } = useTranslation();
  const sendSms = useSendSms();
  const countdown = useSmsCountdown();
  // Each opening asks a fresh captcha (they are single use): its own query key.
  const [opening, setOpening] = useState(0);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const captcha = useCaptcha(`sms-${purpose}-${opening}`, open);
  const validMobile = useRef<ValidMobile>(async () => null);

  const close = () => {
    setOpen(false);
    setError(null);
  };

  /** `validMobile` answers the number and dialing code when valid (focusing the field otherwise). */
  const send = async (check: ValidMobile) => {
    if (sendSms.isPending || countdown.secondsLeft > 0) return;
    if (!(await check())) return;
    validMobile.current = check;
    setError(null);
    setOpening((value) => value + 1);
    setOpen(true);
  };

  const confirm = async (answer: string): Promise<boolean> => {
    const challenge = captcha.data;
    if (sendSms.isPending || !challenge) return false;
    const typed = answer.trim();
    if (!/^\d{1,6}$/.test(typed)) {
      setError(formMessage('WRONG_VERIFICATION_CODE') ?? null);
      return false;
    }
    // The number is read again: it may have been changed since the prompt opened.
    const mobile = await validMobile.current();
    if (!mobile) {
      close();
      return false;
    }
    try {
      const { expirationTime } = await sendSms.mutateAsync({
        ...mobile,
        purpose,
        captchaId: challenge.captchaId,
        captcha: typed,
      });
      close();
      countdown.start(expirationTime);
      void toast.notice(t('in_sms_send'));
      return true;
    } catch (failure) {
      const value = failure instanceof ApiError ? failure.value : undefined;
      if (
        failure instanceof ApiError &&
        failure.code === 'WRONG_VERIFICATION_CODE' &&
        value?.field === 'captcha'
      ) {
        // Used up: a new picture for the next answer.
        setError(messageFor(failure));
        void captcha.refetch();
        return false;
      }
      close();
      const retryAt = value?.expirationTime;
      if (typeof retryAt === 'string') countdown.start(retryAt);
      const reason = value?.reason;
      void toast.error(
        typeof reason === 'string' && DAILY_LIMITS.has(reason)
          ? t('auth.smsCaptcha.dailyLimit')
          : messageFor(failure),
      );
      return false;
    }
  };

  const prompt: SmsCaptchaPrompt | null = open
    ? { captcha, error, sending: sendSms.isPending, confirm, cancel: close }
    : null;
  return { send, sending: sendSms.isPending, secondsLeft: countdown.secondsLeft, prompt };
}
