import { MAX_BANK_ACCOUNTS, type Withdrawal, type WithdrawalInfo } from '@kl/contracts/withdrawal';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/lib/api-client.ts';
import { formatMoney } from '@kl/contracts/money';
import { FormField } from '../../../shared/ui/form-field.tsx';
import { useSubmitOnce } from '../../../shared/ui/form-submit.ts';
import { useTwoFactorStatus } from '../../auth/security.ts';
import { WALLET_QUERY_KEY } from '../../wallet/index.ts';
import { createWithdrawal } from '../api/create-withdrawal.ts';
import { WITHDRAWAL_KEY } from '../api/keys.ts';
import { neededAbove, requestsLeftToday } from '../lib/amount.ts';
import { withdrawForm } from '../lib/form-schemas.ts';
import { maskAccountNumber } from '../lib/mask.ts';
import { isPaymentPasswordRefusal, refusalText } from '../lib/refusal.ts';
import { newRequestKey } from '../lib/request-key.ts';
import { BankAccountForm } from './bank-account-form.tsx';
import { KycLink, TwoFactorLink } from './kyc-notices.tsx';
import { LockedNotice } from './payment-password-forms.tsx';
import { PinField } from './pin-field.tsx';

const NEW_ACCOUNT = 'new';

/** The refusals of the authenticator's code: the field is emptied for the next code. */
const TWO_FACTOR_REFUSALS: readonly string[] = ['TWO_FACTOR_REQUIRED', 'WRONG_TWO_FACTOR_CODE'];

/** Codes after which the limits or the balance on screen may be out of date. */
const REFRESH_ON: readonly string[] = [
  'WITHDRAWAL_AMOUNT_OUT_OF_RANGE',
  'WITHDRAWAL_DAILY_LIMIT',
  'INSUFFICIENT_BALANCE',
  'TURNOVER_NOT_MET',
  'IDEMPOTENCY_CONFLICT',
  'NOT_FOUND',
  'PAYMENT_PASSWORD_LOCKED',
  'KYC_REQUIRED',
  'TWO_FACTOR_NEEDED',
];

/**
 * The withdrawal request (product.md §2 /m/withdraw): a bound bank account (or a new one bound here), the amount
 * within the limits and the available balance, and the payment password. Amounts above what needs identity
 * or two-step verification the member has not done are said above the form, with the way to do it, and refused
 * before anything is sent (the server's refusals of them come with that way too). The request key is drawn once
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
  const accountsName = useId();
  // With two-step verification on, the authenticator app's code goes with the request.
  const twoFactorEnabled = useTwoFactorStatus().data?.enabled;
  const twoFactor = twoFactorEnabled === true;
  // Amounts that need a verification the member has not done (two-step: only once known to be off).
  const needed = useMemo(
    () => neededAbove(info, { twoFactorOff: twoFactorEnabled === false }),
    [info, twoFactorEnabled],
  );
  // The limits and balances on screen are the rules; react-hook-form takes the resolver of each render.
  const resolver = useMemo(
    () => zodResolver(withdrawForm(info, { twoFactor, needed })),
    [info, twoFactor, needed],
  );
  const { control, handleSubmit, setValue, setFocus, formState } = useForm({
    resolver,
    defaultValues: { amount: '', paymentPassword: '', twoFactorCode: '' },
  });
  // Read while rendering, so that the form state follows it: after a first attempt, changes are checked.
  const { isSubmitted } = formState;
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
        setValue('paymentPassword', '');
        setFocus('paymentPassword');
      }
      if (error instanceof ApiError && TWO_FACTOR_REFUSALS.includes(error.code)) {
        setValue('twoFactorCode', '');
        setFocus('twoFactorCode');
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

  const submit = useSubmitOnce(
    handleSubmit(async ({ amount, paymentPassword, twoFactorCode }) => {
      if (!choice || choice === NEW_ACCOUNT) return;
      await create
        .mutateAsync({
          requestKey,
          bankAccountId: choice,
          amount,
          paymentPassword,
          ...(twoFactor && twoFactorCode && { twoFactorCode }),
        })
        .catch(() => undefined);
    }),
  );

  const amountText = (message: string) =>
    t(message as `withdraw.amountErrors.${'min'}`, {
      min: money(info.minAmount),
      max: money(info.maxAmount),
      available: money(info.available),
      withdrawable: money(info.withdrawable),
      locked: money(info.locked),
      limit: info.dailyCountLimit,
      kycAbove: needed.kyc === null ? '' : money(needed.kyc),
      twoFactorAbove: needed.twoFactor === null ? '' : money(needed.twoFactor),
    });
  const passwordRefused = isPaymentPasswordRefusal(create.error);
  const refusalCode = create.error instanceof ApiError ? create.error.code : null;

  return (
    <div className="kl-withdraw-request">
      {needed.kyc !== null && (
        <div className="kl-kyc-notice" data-testid="withdraw-kyc-above">
          <p className="kl-withdraw-note">
            {t(info.kyc.state === 'submitted' ? 'kyc.withdraw.aboveReview' : 'kyc.withdraw.above', {
              amount: money(needed.kyc),
            })}
          </p>
          <KycLink state={info.kyc.state} />
        </div>
      )}
      {needed.twoFactor !== null && (
        <div className="kl-kyc-notice" data-testid="withdraw-two-factor-above">
          <p className="kl-withdraw-note">
            {t('kyc.withdraw.twoFactorAbove', { amount: money(needed.twoFactor) })}
          </p>
          <TwoFactorLink />
        </div>
      )}
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
          <FormField
            control={control}
            name="amount"
            label={t('withdraw.amount', { currency: info.currency })}
            messageText={amountText}
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
          >
            {(field, described) => (
              <input
                {...field}
                {...described}
                className="kl-withdraw-input"
                inputMode="numeric"
                autoComplete="off"
                onChange={(event) => {
                  field.onChange(event);
                  create.reset();
                }}
              />
            )}
          </FormField>
          <button
            type="button"
            className="kl-button kl-button--outline kl-button--small kl-withdraw-all"
            onClick={() => {
              // Within what the member may take without a verification not done yet.
              const limits = [needed.kyc, needed.twoFactor].filter((limit) => limit !== null);
              const all = String(Math.min(info.withdrawable, info.maxAmount, ...limits));
              setValue('amount', all, { shouldValidate: isSubmitted });
              create.reset();
            }}
          >
            {t('withdraw.withdrawAll')}
          </button>
          {locked && !passwordRefused && <LockedNotice lockedUntil={locked} />}
          <PinField
            control={control}
            name="paymentPassword"
            label={t('withdraw.paymentPassword.label')}
            error={passwordRefused ? refusalText(create.error, t) : null}
            onEdit={() => {
              if (isPaymentPasswordRefusal(create.error)) create.reset();
            }}
          />
          {twoFactor && (
            <FormField
              control={control}
              name="twoFactorCode"
              label={t('auth.twoFactor.withdrawCode')}
              hint={t('auth.twoFactor.withdrawHint')}
            >
              {(field, described) => (
                <input
                  {...field}
                  {...described}
                  className="kl-withdraw-input"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                />
              )}
            </FormField>
          )}
          {create.isError && !passwordRefused && (
            <div className="kl-kyc-notice">
              <p className="kl-withdraw-error" role="alert">
                {refusalText(create.error, t, { currency: info.currency, language: i18n.language })}
              </p>
              {refusalCode === 'KYC_REQUIRED' && <KycLink state={info.kyc.state} />}
              {refusalCode === 'TWO_FACTOR_NEEDED' && <TwoFactorLink />}
            </div>
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
