import { useTranslation } from 'react-i18next';
import { formatCountdown } from '../../../shared/lib/date-format.ts';

/**
 * The send-code button: 'in_sms_sending' while sending, then the time left until a resend (seconds up to a
 * minute, then as every countdown of the site).
 */
export function SmsCodeButton({
  sending,
  secondsLeft,
  onSend,
}: {
  sending: boolean;
  secondsLeft: number;
  onSend: () => void;
}) {
  const { t } = useTranslation();
  const waiting = secondsLeft > 0;
  return (
    <button
      type="button"
      className="kl-field__addon-button kl-field__addon-button--text"
      disabled={sending || waiting}
      onClick={onSend}
    >
      {sending
        ? t('in_sms_sending')
        : waiting
          ? secondsLeft <= 60
            ? t('auth.resendIn', { seconds: secondsLeft })
            : t('auth.resendInTime', { time: formatCountdown(secondsLeft, t) })
          : t('auth.sendCode')}
    </button>
  );
}
