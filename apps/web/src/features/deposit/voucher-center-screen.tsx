import type { DepositOrder } from '@kl/contracts/deposit';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../shared/stores/session-store.ts';
import { WalletBalance } from '../wallet/index.ts';
import { ActualAccountRequired } from './components/actual-account-required.tsx';
import { DepositForm } from './components/deposit-form.tsx';
import { OrderDetail } from './components/order-detail.tsx';
import { depositOrderKey } from './api/keys.ts';
import './deposit.css';

const ORDER_PARAM = 'orderId';

/**
 * /m/voucherCenter (SPEC §2 Deposit, §4 "Deposit with non-real account"; gated: visitors go to /m/login).
 * A trial member, or any account the server calls not real, is told a real account is required and gets
 * no form. A member sees the balance, chooses a channel and an amount; the order then shows at `?orderId=` (so a reload or
 * the back button keeps it) until it is paid, failed or expired.
 */
export default function VoucherCenterScreen() {
  const { t } = useTranslation();
  const { role } = useSession();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const orderId = params.get(ORDER_PARAM);

  const showOrder = (order: DepositOrder) => {
    queryClient.setQueryData(depositOrderKey(order.orderId), order);
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(ORDER_PARAM, order.orderId);
      return next;
    });
  };
  const newDeposit = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete(ORDER_PARAM);
      return next;
    });

  let body;
  if (role === 'trial') body = <ActualAccountRequired />;
  else if (orderId) body = <OrderDetail key={orderId} orderId={orderId} onNewDeposit={newDeposit} />;
  else body = <DepositForm onCreated={showOrder} />;

  return (
    <section className="kl-screen kl-deposit" data-page="voucherCenter" aria-label={t('deposit.title')}>
      {role === 'member' && (
        <Suspense fallback={null}>
          <WalletBalance />
        </Suspense>
      )}
      {body}
    </section>
  );
}
