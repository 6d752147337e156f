import { useTranslation } from 'react-i18next';

/** The send-code button: 'in_sms_sending' while sending, then the seconds left until a resend. */
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
          ? t('auth.resendIn', { seconds: secondsLeft })
          : t('auth.sendCode')}
    </button>
  );
}
