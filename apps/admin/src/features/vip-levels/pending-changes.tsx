import { allows } from '@kl/contracts/admin/access';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { VipLevelPendingChange } from '@kl/contracts/admin/vip';
import { Button, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { useOperator } from '../../shared/session.ts';
import { dateColumn } from '../../shared/ui/columns.tsx';
import { ConfirmedButton } from '../../shared/ui/confirmed-button.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import { VIP_LEVELS_LIST } from './use-vip-levels.ts';
import { useVipTermsText } from './vip-level-text.ts';

/**
 * The changes of what a level pays waiting for a second operator (docs/back-office.md, "VIP levels"):
 * another operator of the promotions area approves (it applies at once) or refuses one; its asker may take
 * it back. Shown when there are some.
 */
export function PendingChanges({ pending }: { pending: readonly VipLevelPendingChange[] }) {
  const { t } = useTranslation();
  const me = useOperator();
  const termsText = useVipTermsText();
  const decide = useAdminMutation(
    ({ id, approve }: { id: string; approve: boolean }) =>
      adminCall(adminCalls.adminDecideOperatorRequest, { params: { requestId: id }, body: { approve } }),
    {
      invalidates: [VIP_LEVELS_LIST, 'operator-requests'],
      successText: (result) =>
        t(result.request.status === 'approved' ? 'vipLevels.approved' : 'vipLevels.refused'),
    },
  );
  const cancel = useAdminMutation(
    (id: string) => adminCall(adminCalls.adminCancelOperatorRequest, { params: { requestId: id } }),
    { invalidates: [VIP_LEVELS_LIST, 'operator-requests'], successText: () => t('vipLevels.cancelled') },
  );
  if (!me || pending.length === 0) return null;
  const busy = decide.isPending || cancel.isPending;
  const mayDecide = allows(me.access.promotions, 'write');

  const columns: TableColumnsType<VipLevelPendingChange> = [
    {
      title: t('vipLevels.change'),
      key: 'change',
      render: (_, change) =>
        t(change.change === 'create' ? 'vipLevels.changeCreate' : 'vipLevels.changeUpdate', {
          level: change.level,
        }),
    },
    { title: t('vipLevels.terms'), key: 'terms', render: (_, change) => termsText(change.terms) },
    {
      title: t('vipLevels.requestedBy'),
      key: 'requestedBy',
      render: (_, change) => change.requestedBy.username,
    },
    dateColumn<VipLevelPendingChange>(t('vipLevels.requestedAt'), 'requestedAt'),
    { title: t('vipLevels.note'), dataIndex: 'note' },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, change) => {
        const what = t(change.change === 'create' ? 'vipLevels.changeCreate' : 'vipLevels.changeUpdate', {
          level: change.level,
        });
        if (change.requestedBy.id === me.id) {
          return (
            <Space wrap>
              <Typography.Text type="secondary">{t('vipLevels.yours')}</Typography.Text>
              <Button
                size="small"
                disabled={busy}
                aria-label={t('vipLevels.cancelOf', { what })}
                onClick={() => cancel.mutate(change.requestId)}
              >
                {t('vipLevels.cancel')}
              </Button>
            </Space>
          );
        }
        if (!mayDecide) return null;
        return (
          <Space wrap>
            <ConfirmedButton
              title={t('vipLevels.approveConfirm', { what })}
              label={t('common.approve')}
              kind="primary"
              disabled={busy}
              onConfirm={() => decide.mutate({ id: change.requestId, approve: true })}
            />
            <ConfirmedButton
              title={t('vipLevels.refuseConfirm', { what })}
              label={t('vipLevels.refuse')}
              kind="danger"
              disabled={busy}
              onConfirm={() => decide.mutate({ id: change.requestId, approve: false })}
            />
          </Space>
        );
      },
    },
  ];

  return (
    <section aria-labelledby="vip-pending-title">
      <Typography.Title level={2} id="vip-pending-title" style={{ fontSize: 18 }}>
        {t('vipLevels.pendingTitle')}
      </Typography.Title>
      <Table<VipLevelPendingChange>
        aria-labelledby="vip-pending-title"
        size="middle"
        rowKey="requestId"
        columns={columns}
        dataSource={[...pending]}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </section>
  );
}
