import type { AdminPromotion, AdminPromotionClaim } from '@kl/contracts/admin/promotions';
import { CLAIM_STATUSES, type ClaimStatus } from '@kl/contracts/promotions';
import { Drawer, Flex, Select, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../shared/dates.ts';
import { formatMoney } from '@kl/contracts/money';
import { useAccess } from '../../shared/session.ts';
import { PagedTable } from '../../shared/ui/paged-table.tsx';
import { StatusTag } from '../../shared/ui/status-tag.tsx';
import { useClaimsList } from './use-claims-list.ts';

const CLAIM_COLORS: Record<ClaimStatus, string> = {
  applying: 'pending',
  issued: 'pending',
  claimed: 'paid',
  rejected: 'rejected',
};

/** The claims of one promotion, paged on the server, by status. */
function ClaimsTable({ promotion }: { promotion: AdminPromotion }) {
  const { t, i18n } = useTranslation();
  const canOpenMembers = useAccess('members') !== 'none';
  const list = useClaimsList(promotion.id);
  const money = (value: number | null) =>
    value === null ? '—' : formatMoney(value, promotion.currency, i18n.language);

  const columns: TableColumnsType<AdminPromotionClaim> = [
    { title: t('promotions.claims.appliedAt'), dataIndex: 'appliedAt', render: formatDateTime },
    {
      title: t('promotions.claims.member'),
      dataIndex: 'username',
      render: (username: string, row) =>
        canOpenMembers ? <Link to={`/members/${row.memberId}`}>{username}</Link> : username,
    },
    {
      title: t('promotions.claims.referred'),
      dataIndex: 'referredMember',
      render: (value: string | null) => value ?? '—',
    },
    {
      title: t('common.status'),
      dataIndex: 'status',
      render: (_, row) => (
        <Flex vertical>
          <StatusTag status={CLAIM_COLORS[row.status]} label={t(`promotions.claimStatuses.${row.status}`)} />
          {row.reason ? (
            <Typography.Text type="secondary">{t(`promotions.rejectReasons.${row.reason}`)}</Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { title: t('promotions.claims.deposit'), dataIndex: 'depositAmount', align: 'right', render: money },
    { title: t('promotions.claims.bonus'), dataIndex: 'bonusAmount', align: 'right', render: money },
    {
      title: t('promotions.claims.turnover'),
      key: 'turnover',
      align: 'right',
      render: (_, row) =>
        row.turnoverRequired === null ? '—' : `${money(row.turnoverDone)} / ${money(row.turnoverRequired)}`,
    },
    { title: t('promotions.claims.updatedAt'), dataIndex: 'updatedAt', render: formatDateTime },
  ];

  return (
    <Flex vertical gap="middle">
      <Flex gap="small" align="center">
        <label htmlFor="promotion-claims-status">{t('common.status')}</label>
        <Select<ClaimStatus | 'all'>
          id="promotion-claims-status"
          style={{ width: 180 }}
          defaultValue="all"
          onChange={(value) => list.setFilters(value === 'all' ? {} : { status: value })}
          options={[
            { value: 'all', label: t('common.all') },
            ...CLAIM_STATUSES.map((status) => ({
              value: status,
              label: t(`promotions.claimStatuses.${status}`),
            })),
          ]}
        />
      </Flex>
      <PagedTable<AdminPromotionClaim>
        label={t('promotions.claims.tableLabel', { code: promotion.code })}
        rowKey="id"
        columns={columns}
        list={list}
      />
    </Flex>
  );
}

/** A drawer with the claims of the promotion shown (none: closed). */
export function ClaimsDrawer({
  promotion,
  onClose,
}: {
  promotion: AdminPromotion | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={promotion !== null}
      onClose={onClose}
      title={promotion ? t('promotions.claims.title', { code: promotion.code }) : ''}
      size="large"
      destroyOnHidden
    >
      {promotion ? <ClaimsTable key={promotion.id} promotion={promotion} /> : null}
    </Drawer>
  );
}
