import { MAX_BANK_ACCOUNTS, type BankAccount, type WithdrawalInfo } from '@kl/contracts/withdrawal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearDialogs, confirmDialog } from '../../../shared/ui/dialog.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { WITHDRAWAL_INFO_KEY } from '../api/keys.ts';
import { removeBankAccount } from '../api/remove-bank-account.ts';
import { maskAccountNumber } from '../lib/mask.ts';
import { refusalText } from '../lib/refusal.ts';
import { BankAccountForm } from './bank-account-form.tsx';

/**
 * The member's bound bank accounts (numbers masked), each removable after a confirmation, and binding a
 * new one while fewer than the limit are bound.
 */
export function BankAccounts({ info }: { info: Pick<WithdrawalInfo, 'accounts' | 'banks' | 'payeeName'> }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const remove = useMutation({
    mutationFn: (account: BankAccount) => removeBankAccount(account.accountId),
    // Refusals are shown next to the form, not in a toast.
    meta: { errorToast: false },
    onSuccess: () => {
      void toast.success(t('withdraw.accounts.removed'));
      void queryClient.invalidateQueries({ queryKey: WITHDRAWAL_INFO_KEY });
    },
  });
  useEffect(() => clearDialogs, []);

  const label = (account: BankAccount) => `${account.bankName} ${maskAccountNumber(account.accountNumber)}`;
  const askRemove = async (account: BankAccount) => {
    const confirmed = await confirmDialog({
      title: t('withdraw.accounts.removeTitle'),
      content: t('withdraw.accounts.removeConfirm', { account: label(account) }),
      confirmText: t('withdraw.accounts.remove'),
      cancelText: t('withdraw.cancel'),
    });
    if (confirmed) remove.mutate(account);
  };

  const full = info.accounts.length >= MAX_BANK_ACCOUNTS;
  return (
    <div className="kl-withdraw-accounts">
      {info.accounts.length === 0 ? (
        <p className="kl-withdraw-note">{t('withdraw.accounts.none')}</p>
      ) : (
        <ul className="kl-withdraw-list" data-testid="bank-account-list">
          {info.accounts.map((account) => (
            <li key={account.accountId} className="kl-withdraw-item">
              <span className="kl-withdraw-item__amount">{label(account)}</span>
              <span className="kl-withdraw-item__detail">{account.accountName}</span>
              <button
                type="button"
                className="kl-button kl-button--outline kl-button--small kl-withdraw-item__open"
                aria-label={t('withdraw.accounts.removeLabel', { account: label(account) })}
                disabled={remove.isPending}
                onClick={() => void askRemove(account)}
              >
                {t('withdraw.accounts.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {remove.isError && (
        <p className="kl-withdraw-error" role="alert">
          {refusalText(remove.error, t)}
        </p>
      )}
      {full ? (
        <p className="kl-withdraw-note">{t('withdraw.accounts.limit', { max: MAX_BANK_ACCOUNTS })}</p>
      ) : adding ? (
        <BankAccountForm info={info} onAdded={() => setAdding(false)} onCancel={() => setAdding(false)} />
      ) : (
        <button
          type="button"
          className="kl-button kl-button--outline kl-button--small"
          onClick={() => setAdding(true)}
        >
          {t('withdraw.accounts.addNew')}
        </button>
      )}
    </div>
  );
}
