import { toPayeeName } from '@kl/contracts/verifier';
import {
  WITHDRAWAL_REASONS,
  type BankAccount,
  type WithdrawalBankCode,
  type WithdrawalInfo,
} from '@kl/contracts/withdrawal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/lib/api-client.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { addBankAccount } from '../api/add-bank-account.ts';
import { WITHDRAWAL_INFO_KEY } from '../api/keys.ts';
import { refusalText } from '../lib/refusal.ts';
import { Field } from './field.tsx';

type FormError = 'bankRequired' | 'numberRequired' | 'numberFormat' | 'nameRequired';
const ACCOUNT_NUMBER = /^\d{6,20}$/;

/**
 * Binds a bank account: the bank (from the server's list), the account number and the account name,
 * which the server checks against the registered payee name (prefilled, uppercased as typed). A refusal
 * is shown with the inputs kept.
 */
export function BankAccountForm({
  info,
  onAdded,
  onCancel,
  headingLevel = 3,
}: {
  info: Pick<WithdrawalInfo, 'banks' | 'payeeName'>;
  /** The level of the form's heading where it is shown (2 on /m/withdraw, 3 under a section). */
  headingLevel?: 2 | 3;
  onAdded?: (account: BankAccount) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const [bankCode, setBankCode] = useState<WithdrawalBankCode | ''>('');
  const [accountNumber, setAccountNumber] = useState('');
  const [accountName, setAccountName] = useState(info.payeeName ?? '');
  const [errors, setErrors] = useState<{ bank?: FormError; number?: FormError; name?: FormError }>({});
  const [attempted, setAttempted] = useState(false);
  const bankRef = useRef<HTMLSelectElement>(null);
  const numberRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const add = useMutation({
    mutationFn: addBankAccount,
    // Refusals are shown next to the form, not in a toast.
    meta: { errorToast: false },
    onSuccess: async (account) => {
      void toast.success(t('withdraw.accounts.added'));
      await queryClient.invalidateQueries({ queryKey: WITHDRAWAL_INFO_KEY });
      onAdded?.(account);
    },
  });

  const validate = (next: { bankCode: string; accountNumber: string; accountName: string }) => {
    const number = next.accountNumber.replace(/\s/g, '');
    const found: typeof errors = {};
    if (next.bankCode === '') found.bank = 'bankRequired';
    if (number === '') found.number = 'numberRequired';
    else if (!ACCOUNT_NUMBER.test(number)) found.number = 'numberFormat';
    if (next.accountName.trim() === '') found.name = 'nameRequired';
    setErrors(found);
    return found;
  };
  const current = { bankCode, accountNumber, accountName };
  const change = (next: Partial<typeof current>) => {
    add.reset();
    if (attempted) validate({ ...current, ...next });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    setAttempted(true);
    const found = validate(current);
    const first = (['bank', 'number', 'name'] as const).find((field) => found[field]);
    if (first) {
      ({ bank: bankRef, number: numberRef, name: nameRef })[first].current?.focus();
      return;
    }
    if (bankCode === '') return;
    add.mutate({
      bankCode,
      accountNumber: accountNumber.replace(/\s/g, ''),
      accountName: accountName.trim(),
    });
  };

  const refusal = add.error instanceof ApiError ? add.error : null;
  const nameRefused = refusal?.code === 'BANK_ACCOUNT_NAME_MISMATCH';
  let refusalMessage: string | null = null;
  if (refusal?.code === 'INVALID_INPUT' && refusal.value?.reason === WITHDRAWAL_REASONS.bankAccountLimit) {
    refusalMessage = t('withdraw.accounts.limit', { max: refusal.value.max });
  } else if (add.isError) {
    refusalMessage = refusalText(add.error, t);
  }

  return (
    <form
      className="kl-withdraw-form kl-withdraw-card"
      noValidate
      onSubmit={submit}
      aria-label={t('withdraw.accounts.addTitle')}
    >
      <Heading className="kl-withdraw-subheading">{t('withdraw.accounts.addTitle')}</Heading>
      {info.payeeName === null && <p className="kl-withdraw-notice">{t('withdraw.accounts.noPayeeName')}</p>}
      <Field
        label={t('withdraw.accounts.bank')}
        error={errors.bank ? t(`withdraw.accounts.errors.${errors.bank}`) : null}
      >
        {(control) => (
          <select
            {...control}
            ref={bankRef}
            className="kl-withdraw-input"
            value={bankCode}
            onChange={(event) => {
              const next = event.target.value as WithdrawalBankCode | '';
              setBankCode(next);
              change({ bankCode: next });
            }}
          >
            <option value="">{t('withdraw.accounts.chooseBank')}</option>
            {info.banks.map((bank) => (
              <option key={bank.code} value={bank.code}>
                {bank.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label={t('withdraw.accounts.number')}
        error={errors.number ? t(`withdraw.accounts.errors.${errors.number}`) : null}
      >
        {(control) => (
          <input
            {...control}
            ref={numberRef}
            className="kl-withdraw-input"
            inputMode="numeric"
            autoComplete="off"
            value={accountNumber}
            onChange={(event) => {
              setAccountNumber(event.target.value);
              change({ accountNumber: event.target.value });
            }}
          />
        )}
      </Field>
      <Field
        label={t('withdraw.accounts.name')}
        hint={t('withdraw.accounts.nameHint')}
        error={
          nameRefused && refusalMessage
            ? refusalMessage
            : errors.name
              ? t(`withdraw.accounts.errors.${errors.name}`)
              : null
        }
      >
        {(control) => (
          <input
            {...control}
            ref={nameRef}
            className="kl-withdraw-input"
            autoComplete="name"
            autoCapitalize="characters"
            value={accountName}
            onChange={(event) => {
              const next = toPayeeName(event.target.value);
              setAccountName(next);
              change({ accountName: next });
            }}
          />
        )}
      </Field>
      {refusalMessage && !nameRefused && (
        <p className="kl-withdraw-error" role="alert">
          {refusalMessage}
        </p>
      )}
      <div className="kl-withdraw-actions">
        <button
          type="submit"
          className="kl-button kl-button--primary kl-button--small"
          disabled={add.isPending}
        >
          {add.isPending ? t('withdraw.saving') : t('withdraw.accounts.addSubmit')}
        </button>
        {onCancel && (
          <button type="button" className="kl-button kl-button--outline kl-button--small" onClick={onCancel}>
            {t('withdraw.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
