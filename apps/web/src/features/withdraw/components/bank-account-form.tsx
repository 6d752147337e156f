import { toPayeeName } from '@kl/contracts/verifier';
import {
  addBankAccountRequest,
  WITHDRAWAL_REASONS,
  type BankAccount,
  type WithdrawalInfo,
} from '@kl/contracts/withdrawal';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/lib/api-client.ts';
import { FormField } from '../../../shared/ui/form-field.tsx';
import { useSubmitOnce } from '../../../shared/ui/form-submit.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { addBankAccount } from '../api/add-bank-account.ts';
import { WITHDRAWAL_INFO_KEY } from '../api/keys.ts';
import { bankAccountForm } from '../lib/form-schemas.ts';
import { refusalText } from '../lib/refusal.ts';

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
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(bankAccountForm),
    defaultValues: { bankCode: '', accountNumber: '', accountName: info.payeeName ?? '' },
  });
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
  const submit = useSubmitOnce(
    handleSubmit((values) => add.mutateAsync(addBankAccountRequest.parse(values)).catch(() => undefined)),
  );

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
      <FormField control={control} name="bankCode" label={t('withdraw.accounts.bank')}>
        {(field, described) => (
          <select
            {...field}
            {...described}
            className="kl-withdraw-input"
            onChange={(event) => {
              field.onChange(event);
              add.reset();
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
      </FormField>
      <FormField control={control} name="accountNumber" label={t('withdraw.accounts.number')}>
        {(field, described) => (
          <input
            {...field}
            {...described}
            className="kl-withdraw-input"
            inputMode="numeric"
            autoComplete="off"
            onChange={(event) => {
              field.onChange(event);
              add.reset();
            }}
          />
        )}
      </FormField>
      <FormField
        control={control}
        name="accountName"
        label={t('withdraw.accounts.name')}
        hint={t('withdraw.accounts.nameHint')}
        error={nameRefused ? refusalMessage : null}
      >
        {(field, described) => (
          <input
            {...field}
            {...described}
            className="kl-withdraw-input"
            autoComplete="name"
            autoCapitalize="characters"
            onChange={(event) => {
              field.onChange(event.target.value.toUpperCase());
              add.reset();
            }}
            onBlur={(event) => {
              // Typed with accents or not, kept in the banks' form once left.
              field.onChange(toPayeeName(event.target.value));
              field.onBlur();
            }}
          />
        )}
      </FormField>
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
