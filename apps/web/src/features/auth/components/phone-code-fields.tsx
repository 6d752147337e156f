import type { UseFormReturn } from 'react-hook-form';
import type { SmsSender } from '../hooks/use-sms-sender.ts';
import { MobileNumberField, SmsCodeField } from './fields.tsx';

/** The fields of a form that sends an SMS code to a mobile number (login, register, forget). */
interface PhoneValues {
  countryDialingCode: string;
  mobileNum: string;
  verificationCode: string;
}

/** A form with the phone fields, reading and registering them as `PhoneValues` do. */
const phoneForm = <T extends PhoneValues>(form: UseFormReturn<T>) =>
  form as unknown as UseFormReturn<PhoneValues>;

/**
 * The SMS code field (product.md §5 "SMS requested only if mobile number valid"): its button first checks the
 * mobile number (focusing it when wrong), then sends the code through the screen's `sms` sender.
 */
export function SmsCodeInput<T extends PhoneValues>({
  form,
  sms,
}: {
  form: UseFormReturn<T>;
  sms: SmsSender;
}) {
  const { register, trigger, getValues, formState } = phoneForm(form);
  const sendCode = () =>
    sms.send(async () => {
      if (!(await trigger('mobileNum', { shouldFocus: true }))) return null;
      return {
        mobileNum: getValues('mobileNum').trim(),
        countryDialingCode: getValues('countryDialingCode'),
      };
    });
  return (
    <SmsCodeField
      registration={register('verificationCode')}
      error={formState.errors.verificationCode?.message}
      sending={sms.sending}
      secondsLeft={sms.secondsLeft}
      captchaPrompt={sms.prompt}
      onSend={() => void sendCode()}
    />
  );
}

/** The mobile number with its dialing code, then the SMS code sent to it. */
export function PhoneCodeFields<T extends PhoneValues>({
  form,
  sms,
  codes,
  maxLength,
}: {
  form: UseFormReturn<T>;
  sms: SmsSender;
  codes: readonly string[];
  maxLength: number;
}) {
  const { register, formState } = phoneForm(form);
  return (
    <>
      <MobileNumberField
        codes={codes}
        registration={register('mobileNum')}
        dialingCode={register('countryDialingCode')}
        error={formState.errors.mobileNum?.message}
        maxLength={maxLength}
      />
      <SmsCodeInput form={form} sms={sms} />
    </>
  );
}
