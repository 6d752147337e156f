import { MAX_BANK_ACCOUNTS, type Withdrawal, type WithdrawalInfo } from '@kl/contracts/withdrawal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/lib/api-client.ts';
import { formatMoney } from '../../../shared/lib/money.ts';
import { WALLET_QUERY_KEY } from '../../wallet/index.ts';
import { createWithdrawal } from '../api/create-withdrawal.ts';
import { WITHDRAWAL_KEY } from '../api/keys.ts';
import { checkWithdrawAmount, requestsLeftToday, type WithdrawAmountError } from '../lib/amount.ts';
import { maskAccountNumber } from '../lib/mask.ts';
import { checkPin } from '../lib/pin.ts';
import { isPaymentPasswordRefusal, refusalText } from '../lib/refusal.ts';
import { newRequestKey } from '../lib/request-key.ts';
import { BankAccountForm } from './bank-account-form.tsx';
import { Field } from './field.tsx';
import { LockedNotice } from './payment-password-forms.tsx';
import { PinField } from './pin-field.tsx';

const NEW_ACCOUNT = 'new';

/** Codes after which the limits or the balance on screen may be out of date. */
const REFRESH_ON: readonly string[] = [
  'WITHDRAWAL_AMOUNT_OUT_OF_RANGE',
  'WITHDRAWAL_DAILY_LIMIT',
  'INSUFFICIENT_BALANCE',
  'TURNOVER_NOT_MET',
  'IDEMPOTENCY_CONFLICT',
  'NOT_FOUND',
  'PAYMENT_PASSWORD_LOCKED',
];

/**
 * The withdrawal request (product.md §2 /m/withdraw): a bound bank account (or a new one bound here), the amount
 * within the limits and the available balance, and the payment password. The request key is drawn once
 * for this form: a double tap or a retry after a lost answer sends the same key, and the server makes one
 * request.
 */
export function WithdrawForm({
  info,
  onCreated,
}: {
  info: WithdrawalInfo;
  onCreated: (request: Withdrawal) => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const [chosen, setChosen] = useState<string | null>(null);
  const [amountText, setAmountText] = useState('');
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<{
    amount?: WithdrawAmountError | null;
    pin?: 'required' | 'format' | null;
  }>({});
  const [attempted, setAttempted] = useState(false);
  const amountRef = useRef<HTMLInputElement>(null);
  const pinRef = useRef<HTMLInputElement>(null);
  const accountsName = useId();
  const create = useMutation({
    mutationFn: createWithdrawal,
    // Refusals are shown next to the form, not in a toast.
    meta: { errorToast: false },
    onSuccess: async ({ withdrawal }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: WITHDRAWAL_KEY }),
      ]);
      onCreated(withdrawal);
    },
    onError: (error) => {
      if (isPaymentPasswordRefusal(error)) {
        setPin('');
        pinRef.current?.focus();
      }
      if (error instanceof ApiError && REFRESH_ON.includes(error.code)) {
        void queryClient.invalidateQueries({ queryKey: WITHDRAWAL_KEY });
      }
      // An earlier send of this key made a request (its answer was lost) and the form has changed since:
      // the list now shows that request, and a further one is a new request with a key of its own.
      if (error instanceof ApiError && error.code === 'IDEMPOTENCY_CONFLICT') setRequestKey(newRequestKey());
    },
  });

  const accounts = info.accounts;
  // No account yet: binding one is the only choice.
  const choice =
    chosen === NEW_ACCOUNT || accounts.length === 0
      ? NEW_ACCOUNT
      : (accounts.find((account) => account.accountId === chosen) ?? accounts[0])?.accountId;
  const money = (amount: number) => formatMoney(amount, info.currency, i18n.language);
  const left = requestsLeftToday(info);
  const locked = info.paymentPassword.lockedUntil;

  const validate = (nextAmount: string, nextPin: string) => {
    const amount = checkWithdrawAmount(nextAmount, info);
    const pinCheck = checkPin(nextPin);
    const pinError = pinCheck === 'required' || pinCheck === 'format' ? pinCheck : null;
    setErrors({ amount: amount.ok ? null : amount.error, pin: pinError });
    return { amount, pin: pinError };
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending || !choice || choice === NEW_ACCOUNT) return;
    setAttempted(true);
    const found = validate(amountText, pin);
    if (!found.amount.ok) {
      amountRef.current?.focus();
      return;
    }
    if (found.pin) {
      pinRef.current?.focus();
      return;
    }
    create.mutate({ requestKey, bankAccountId: choice, amount: found.amount.amount, paymentPassword: pin });
  };

  const amountError = errors.amount
    ? t(`withdraw.amountErrors.${errors.amount}`, {
        min: money(info.minAmount),
        max: money(info.maxAmount),
        available: money(info.available),
        withdrawable: money(info.withdrawable),
        locked: money(info.locked),
        limit: info.dailyCountLimit,
      })
    : null;
  const pinError = isPaymentPasswordRefusal(create.error)
    ? refusalText(create.error, t)
    : errors.pin
      ? t(`withdraw.pinErrors.${errors.pin}`)
      : null;

  return (
    <div className="kl-withdraw-request">
      <fieldset className="kl-withdraw-fieldset">
        <legend className="kl-withdraw-label">{t('withdraw.accounts.choose')}</legend>
        <div className="kl-withdraw-choices">
          {accounts.map((account) => (
            <label key={account.accountId} className="kl-withdraw-choice">
              <input
                type="radio"
                name={accountsName}
                value={account.accountId}
                checked={choice === account.accountId}
                onChange={() => {
                  setChosen(account.accountId);
                  create.reset();
                }}
              />
              <span className="kl-withdraw-choice__name">
                {account.bankName} {maskAccountNumber(account.accountNumber)}
              </span>
              <span className="kl-withdraw-choice__detail">{account.accountName}</span>
            </label>
          ))}
          {accounts.length > 0 && accounts.length < MAX_BANK_ACCOUNTS && (
            <label className="kl-withdraw-choice">
              <input
                type="radio"
                name={accountsName}
                value={NEW_ACCOUNT}
                checked={choice === NEW_ACCOUNT}
                onChange={() => setChosen(NEW_ACCOUNT)}
              />
              <span className="kl-withdraw-choice__name">{t('withdraw.accounts.addNew')}</span>
            </label>
          )}
        </div>
      </fieldset>

      {choice === NEW_ACCOUNT ? (
        <BankAccountForm
          info={info}
          headingLevel={2}
          onAdded={(account) => setChosen(account.accountId)}
          onCancel={accounts.length > 0 ? () => setChosen(null) : undefined}
        />
      ) : (
        <form className="kl-withdraw-form" noValidate onSubmit={submit} aria-label={t('withdraw.formTitle')}>
          <Field
            label={t('withdraw.amount', { currency: info.currency })}
            hint={
              <>
                <span className="kl-withdraw-hint__line">
                  {t('withdraw.limits', { min: money(info.minAmount), max: money(info.maxAmount) })}
                </span>{' '}
                <span className="kl-withdraw-hint__line">
                  {t('withdraw.countLeft', { left, limit: info.dailyCountLimit })}
                </span>
              </>
            }
            error={amountError}
          >
            {(control) => (
              <input
                {...control}
                ref={amountRef}
                className="kl-withdraw-input"
                inputMode="numeric"
                autoComplete="off"
                value={amountText}
                onChange={(event) => {
                  setAmountText(event.target.value);
                  create.reset();
                  if (attempted) validate(event.target.value, pin);
                }}
              />
            )}
          </Field>
          <button
            type="button"
            className="kl-button kl-button--outline kl-button--small kl-withdraw-all"
            onClick={() => {
              const all = String(Math.min(info.withdrawable, info.maxAmount));
              setAmountText(all);
              create.reset();
              if (attempted) validate(all, pin);
            }}
          >
            {t('withdraw.withdrawAll')}
          </button>
          {locked && !isPaymentPasswordRefusal(create.error) && <LockedNotice lockedUntil={locked} />}
          <PinField
            label={t('withdraw.paymentPassword.label')}
            inputRef={pinRef}
            value={pin}
            error={pinError}
            onChange={(value) => {
              setPin(value);
              if (isPaymentPasswordRefusal(create.error)) create.reset();
              if (attempted) validate(amountText, value);
            }}
          />
          {create.isError && !isPaymentPasswordRefusal(create.error) && (
            <p className="kl-withdraw-error" role="alert">
              {refusalText(create.error, t, { currency: info.currency, language: i18n.language })}
            </p>
          )}
          <button
            type="submit"
            className="kl-button kl-button--primary kl-withdraw-submit"
            disabled={create.isPending}
          >
            {create.isPending ? t('withdraw.sending') : t('withdraw.submit')}
          </button>
        </form>
      )}
    </div>
  );
}
