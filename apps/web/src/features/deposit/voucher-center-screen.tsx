import type { DepositOrder } from '@kl/contracts/deposit';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../shared/stores/session-store.ts';
import { ActualAccountRequired } from '../../shared/ui/actual-account-required.tsx';
import { useSystemStatus } from '../system-status/index.ts';
import { WalletBalance } from '../wallet/index.ts';
import { DepositForm } from './components/deposit-form.tsx';
import { OrderDetail } from './components/order-detail.tsx';
import { OrderScreen } from './components/stepped/order-screen.tsx';
import { SteppedDeposit } from './components/stepped/stepped-deposit.tsx';
import { depositOrderKey } from './api/keys.ts';
import './deposit.css';

const ORDER_PARAM = 'orderId';

/**
 * /m/voucherCenter (product.md §2 Deposit, §4 "Deposit with non-real account" and templates; gated: visitors go
 * to /m/login). A trial member, or any account the server calls not real, is told a real account is
 * required and gets no form. A member sees the balance, chooses a channel and an amount; the order then
 * shows at `?orderId=` (so a reload or the back button keeps it) until it is paid, failed or expired.
 * Two layouts of the same steps (product.md §4): the new one — a step flow and a full-screen order — when the
 * status's mobileTemplate.dep_func is 1, else the base one-page form.
 */
export default function VoucherCenterScreen() {
  const { t } = useTranslation();
  const { role } = useSession();
  const { data: status } = useSystemStatus();
  const stepped = status?.info.mobileTemplate.dep_func === 1;
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
  if (role === 'trial')
    body = (
      <ActualAccountRequired
        title={t('deposit.actualAccountRequired')}
        hint={t('deposit.actualAccountHint')}
      />
    );
  else if (orderId) {
    body = stepped ? (
      <OrderScreen key={orderId} orderId={orderId} onNewDeposit={newDeposit} />
    ) : (
      <OrderDetail key={orderId} orderId={orderId} onNewDeposit={newDeposit} />
    );
  } else body = stepped ? <SteppedDeposit onCreated={showOrder} /> : <DepositForm onCreated={showOrder} />;

  return (
    <section
      className="kl-screen kl-deposit"
      data-page="voucherCenter"
      data-template={stepped ? 'new' : 'base'}
      aria-label={t('deposit.title')}
    >
      {role === 'member' && !(stepped && orderId) && (
        <Suspense fallback={null}>
          <WalletBalance />
        </Suspense>
      )}
      {body}
    </section>
  );
}
