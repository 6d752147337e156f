import type { SMS_PURPOSES } from '@kl/contracts/accounts';
import { useTranslation } from 'react-i18next';
import { ApiError, messageFor } from '../../../shared/lib/api-client.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { useSendSms } from '../api/send-sms.ts';
import { useSmsCountdown } from './use-sms-countdown.ts';

/**
 * Sends an SMS code for a purpose once the mobile number checks out (SPEC §5 "SMS requested only if
 * mobile number valid"): 'in_sms_send' for 1.5 s on success, then the countdown.
 */
export function useSmsSender(purpose: (typeof SMS_PURPOSES)[number]) {
  const { t } = useTranslation();
  const sendSms = useSendSms();
  const countdown = useSmsCountdown();

  /** `validMobile` answers the number and dialing code when valid (focusing the field otherwise). */
  const send = async (
    validMobile: () => Promise<{ mobileNum: string; countryDialingCode: string } | null>,
  ) => {
    if (sendSms.isPending || countdown.secondsLeft > 0) return;
    const mobile = await validMobile();
    if (!mobile) return;
    try {
      const { expirationTime } = await sendSms.mutateAsync({ ...mobile, purpose });
      countdown.start(expirationTime);
      void toast.notice(t('in_sms_send'));
    } catch (error) {
      const retryAt = error instanceof ApiError ? error.value?.expirationTime : undefined;
      if (typeof retryAt === 'string') countdown.start(retryAt);
      void toast.error(messageFor(error));
    }
  };
  return { send, sending: sendSms.isPending, secondsLeft: countdown.secondsLeft };
}
