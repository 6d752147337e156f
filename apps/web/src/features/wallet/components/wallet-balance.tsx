import { useTranslation } from 'react-i18next';
import { useWallet } from '../api/get-wallet.ts';
import { balanceText } from '../lib/balance-text.ts';
import { useBalanceVisibility } from '../lib/balance-visibility.ts';
import { EyeIcon, RefreshIcon } from './wallet-icons.tsx';
import '../wallet.css';

/**
 * The wallet widget (product.md §2, §4 Balance): the member's balance (sumBalance) with hide/show, kept across
 * visits, and refresh. Masked while hidden or while the balance is being fetched; a trial member's demo
 * credit is marked as such.
 */
export default function WalletBalance({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const wallet = useWallet();
  const hidden = useBalanceVisibility((state) => state.hidden);
  const toggle = useBalanceVisibility((state) => state.toggle);
  const refreshing = wallet.isFetching;
  const balance = wallet.data && {
    amount: wallet.data.sumBalance,
    decimals: wallet.data.decimals,
    currency: wallet.data.currency,
  };
  const masked = hidden || refreshing || !balance;
  const text = balanceText(balance, masked, i18n.language);
  let status = '';
  if (hidden) status = t('wallet.hiddenStatus');
  else if (refreshing) status = t('wallet.refreshing');
  else if (wallet.isError) status = t('wallet.loadFailed');

  return (
    <div className={['kl-wallet', className].filter(Boolean).join(' ')} data-testid="wallet-balance">
      <span className="kl-wallet__label">
        {wallet.data?.demo ? t('wallet.demoBalance') : t('wallet.balance')}
      </span>
      <span className="kl-wallet__amount" data-testid="wallet-amount" data-masked={masked}>
        <span aria-hidden={masked}>{text}</span>
        {status && <span className="kl-visually-hidden">{status}</span>}
      </span>
      <button
        type="button"
        className="kl-icon-button kl-wallet__button"
        aria-label={hidden ? t('wallet.show') : t('wallet.hide')}
        aria-pressed={hidden}
        onClick={toggle}
      >
        <EyeIcon crossed={hidden} />
      </button>
      <button
        type="button"
        className="kl-icon-button kl-wallet__button"
        aria-label={t('wallet.refresh')}
        disabled={refreshing}
        // Its icon turns for a refresh, not while the first balance loads with the page: an animation
        // drawn on every frame would compete with the page's load (docs/performance.md).
        data-refreshing={wallet.isRefetching}
        onClick={() => void wallet.refetch()}
      >
        <RefreshIcon />
      </button>
    </div>
  );
}
