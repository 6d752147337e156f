import { allows } from '@kl/contracts/admin/access';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { MoneyControls } from '@kl/contracts/admin/controls';
import type { OperatorRequestView } from '@kl/contracts/admin/credentials';
import { lotteryOddsChange } from '@kl/contracts/admin/lotteries';
import { formatMoney } from '@kl/contracts/money';
import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import { Button, Space, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { usePagedList } from '../../shared/paged-list.ts';
import { useOperator } from '../../shared/session.ts';
import { dateColumn } from '../../shared/ui/columns.tsx';
import { ConfirmedButton } from '../../shared/ui/confirmed-button.tsx';
import { PagedTable } from '../../shared/ui/paged-table.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import { useOddsLabel } from '../lotteries/index.ts';
import { useVipChangeText } from '../vip-levels/index.ts';
import type { ShownInvitation } from './invitation-link-modal.tsx';

/** How approving a request of each kind other than a reset is confirmed, with what it asks. */
const APPROVE_CONFIRM = {
  'controls.update': 'controls.approveConfirm',
  'vip_level.update': 'vipLevels.approveConfirm',
  'lottery_odds.update': 'lotteries.odds.approveConfirm',
} as const;

/**
 * What a request asks, in words: what a reset clears, the controls a change sets, a VIP level's change, or
 * the lottery odds a change sets.
 */
function useRequestText() {
  const { t, i18n } = useTranslation();
  const vipChange = useVipChangeText();
  const oddsLabel = useOddsLabel();
  return (request: OperatorRequestView) => {
    if (request.kind === 'vip_level.update') return vipChange(request.payload);
    if (request.kind === 'lottery_odds.update') {
      const asked = lotteryOddsChange.safeParse(request.payload);
      if (!asked.success) return request.targetLabel;
      const money = (value: number) => formatMoney(value, WALLET_CURRENCY, i18n.language);
      return t('lotteries.odds.requestText', {
        odds: oddsLabel(asked.data),
        price: money(asked.data.pricePerPoint),
        payout: money(asked.data.payoutPerPoint),
        max: money(asked.data.maxPerNumber),
      });
    }
    if (request.kind === 'controls.update') {
      const values = Object.entries(request.payload)
        .map(([field, value]) => `${t(`controls.fields.${field as keyof MoneyControls}`)} ${String(value)}`)
        .join('; ');
      return t('controls.requestText', { values });
    }
    const clear = Array.isArray(request.payload.clear) ? (request.payload.clear as unknown[]) : [];
    const what = clear
      .map((credential) =>
        t(credential === 'password' ? 'operators.resetPassword' : 'operators.resetTwoFactor'),
      )
      .join(', ');
    return t('operators.resetOf', { username: request.targetLabel, what });
  };
}

/**
 * The requests waiting for a second owner (maker–checker): another owner's may be approved or refused (an
 * approved reset answers the operator's new invitation link, shown once through `onIssued`); one's own
 * may be cancelled. Shown when there are some.
 */
export function OperatorRequestsPanel({ onIssued }: { onIssued: (shown: ShownInvitation) => void }) {
  const { t } = useTranslation();
  const me = useOperator();
  const describe = useRequestText();
  const list = usePagedList(adminCalls.adminOperatorRequests, 'operator-requests', { status: 'pending' });
  const decide = useAdminMutation(
    ({ id, approve }: { id: string; approve: boolean }) =>
      adminCall(adminCalls.adminDecideOperatorRequest, { params: { requestId: id }, body: { approve } }),
    {
      invalidates: ['operator-requests', 'operators'],
      successText: (result) =>
        t(result.request.status === 'approved' ? 'operators.approved' : 'operators.refused'),
    },
  );
  const cancel = useAdminMutation(
    (id: string) => adminCall(adminCalls.adminCancelOperatorRequest, { params: { requestId: id } }),
    { invalidates: ['operator-requests'], successText: () => t('operators.cancelled') },
  );
  if (!me || (list.page?.total ?? 0) === 0) return null;
  const busy = decide.isPending || cancel.isPending;

  const columns: TableColumnsType<OperatorRequestView> = [
    { title: t('operators.request'), key: 'request', render: (_, request) => describe(request) },
    {
      title: t('operators.requestedBy'),
      key: 'requestedBy',
      render: (_, request) => request.requestedBy.username,
    },
    dateColumn<OperatorRequestView>(t('operators.requestedAt'), 'requestedAt'),
    { title: t('operators.note'), dataIndex: 'note' },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, request) => {
        if (request.requestedBy.id === me.id) {
          return (
            <Space wrap>
              <Typography.Text type="secondary">{t('operators.yours')}</Typography.Text>
              <Button size="small" disabled={busy} onClick={() => cancel.mutate(request.id)}>
                {t('operators.cancelRequest')}
              </Button>
            </Space>
          );
        }
        if (!allows(me.access[request.area], 'write')) return null;
        return (
          <Space wrap>
            <ConfirmedButton
              title={
                request.kind === 'operator.reset'
                  ? t('operators.approveConfirm', { username: request.targetLabel })
                  : t(APPROVE_CONFIRM[request.kind], { what: describe(request) })
              }
              label={t('common.approve')}
              kind="primary"
              disabled={busy}
              onConfirm={() =>
                decide.mutate(
                  { id: request.id, approve: true },
                  {
                    onSuccess: ({ invitation }) => {
                      if (invitation) onIssued({ username: request.targetLabel, invitation });
                    },
                  },
                )
              }
            />
            <ConfirmedButton
              title={t('operators.refuseConfirm')}
              label={t('operators.refuse')}
              kind="danger"
              disabled={busy}
              onConfirm={() => decide.mutate({ id: request.id, approve: false })}
            />
          </Space>
        );
      },
    },
  ];

  return (
    <section aria-labelledby="operator-requests-title" style={{ marginBottom: 24 }}>
      <Typography.Title level={2} id="operator-requests-title" style={{ fontSize: 18 }}>
        {t('operators.requestsTitle')}
      </Typography.Title>
      <PagedTable<OperatorRequestView>
        label={t('operators.requestsTitle')}
        rowKey="id"
        columns={columns}
        list={list}
      />
    </section>
  );
}
