import { PlusOutlined } from '@ant-design/icons';
import { adminCalls } from '@kl/contracts/admin/calls';
import {
  ADMIN_PROMOTION_STATUSES,
  type AdminPromotion,
  type AdminPromotionStatus,
} from '@kl/contracts/admin/promotions';
import type { ContributionTable } from '@kl/contracts/wagering';
import { Button, Flex, Popconfirm, Segmented, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { formatDateTime } from '../../shared/dates.ts';
import { formatCount, formatMoney } from '@kl/contracts/money';
import { usePagedList } from '../../shared/paged-list.ts';
import { useCanWrite } from '../../shared/session.ts';
import { PagedTable } from '../../shared/ui/paged-table.tsx';
import { Screen } from '../../shared/ui/screen.tsx';
import { StatusTag } from '../../shared/ui/status-tag.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import { ClaimsDrawer } from './claims-drawer.tsx';
import { isPending } from './promotion-form.ts';
import { PromotionModal, type PromotionEditing } from './promotion-modal.tsx';
import { PromotionReview } from './promotion-review.tsx';

type StatusFilter = AdminPromotionStatus | 'all';
const STATUS_COLORS: Record<AdminPromotionStatus, string> = {
  scheduled: 'pending',
  running: 'paid',
  ended: 'expired',
};

/** The merchant's turnover share per game category, which every bonus follows. */
function Contributions({ table }: { table: ContributionTable | undefined }) {
  const { t } = useTranslation();
  if (!table) return null;
  const shares = [
    t('promotions.contributionDefault', { percent: table.default }),
    ...Object.entries(table.categories).map(([category, percent]) => `${category} ${percent}%`),
  ];
  return (
    <Typography.Text type="secondary">
      {t('promotions.contributions', { shares: shares.join(', ') })}
    </Typography.Text>
  );
}

/**
 * Where a promotion stands under four eyes (docs/back-office.md, "Promotions"): published, a new one
 * waiting for another operator, or published with a change waiting.
 */
function Publication({ promotion }: { promotion: AdminPromotion }) {
  const { t } = useTranslation();
  if (!promotion.published) return <StatusTag status="pending" label={t('promotions.publications.draft')} />;
  return (
    <Flex vertical align="start">
      {promotion.draft ? (
        <StatusTag status="pending" label={t('promotions.publications.changeWaiting')} />
      ) : (
        <StatusTag status="paid" label={t('promotions.publications.published')} />
      )}
      {promotion.publishedBy ? (
        <Typography.Text type="secondary">
          {t('promotions.publications.by', { username: promotion.publishedBy })}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

/**
 * Promotions: the list by status with where each stands under four eyes, a new one, changes, what waits
 * (reviewed, published or discarded), ending one now, and each one's claims.
 */
export function PromotionsScreen() {
  const { t, i18n } = useTranslation();
  const canWrite = useCanWrite('promotions');
  const list = usePagedList(adminCalls.adminPromotions, 'promotions', {});
  const [status, setStatus] = useState<StatusFilter>('all');
  const [editing, setEditing] = useState<PromotionEditing>(null);
  const [claimsOf, setClaimsOf] = useState<AdminPromotion | null>(null);
  const [reviewing, setReviewing] = useState<AdminPromotion | null>(null);
  const end = useAdminMutation(
    (promotion: AdminPromotion) =>
      adminCall(adminCalls.adminUpdatePromotion, {
        params: { promotionId: promotion.id },
        body: { endNow: true },
      }),
    {
      invalidates: ['promotions', 'report-promotions'],
      successText: (promotion) => t('promotions.ended', { code: promotion.code }),
    },
  );
  const money = (value: number, currency: string) => formatMoney(value, currency, i18n.language);
  const textOf = (text: { vi: string; en?: string | undefined }) =>
    i18n.language === 'en' && text.en ? text.en : text.vi;

  const columns: TableColumnsType<AdminPromotion> = [
    { title: t('promotions.code'), dataIndex: 'code', render: (code: string) => <code>{code}</code> },
    { title: t('promotions.title'), key: 'title', render: (_, row) => textOf(row.title) },
    { title: t('promotions.type'), dataIndex: 'type', render: (_, row) => t(`promotions.types.${row.type}`) },
    {
      title: t('common.status'),
      dataIndex: 'status',
      render: (_, row) => (
        <StatusTag status={STATUS_COLORS[row.status]} label={t(`promotions.statuses.${row.status}`)} />
      ),
    },
    {
      title: t('promotions.publication'),
      key: 'publication',
      render: (_, row) => <Publication promotion={row} />,
    },
    { title: t('promotions.startsAt'), dataIndex: 'startsAt', render: formatDateTime },
    { title: t('promotions.endsAt'), dataIndex: 'endsAt', render: formatDateTime },
    {
      title: t('promotions.bonus'),
      key: 'bonus',
      render: (_, row) =>
        row.bonus.kind === 'fixed'
          ? money(row.bonus.amount, row.currency)
          : t('promotions.percentBonus', {
              percent: row.bonus.percent,
              cap: money(row.bonus.cap, row.currency),
            }),
    },
    {
      title: t('promotions.minDepositShort'),
      dataIndex: 'minDeposit',
      align: 'right',
      render: (_, row) => money(row.minDeposit, row.currency),
    },
    {
      title: t('promotions.turnover'),
      key: 'turnover',
      render: (_, row) =>
        row.turnover.multiple === 0
          ? t('promotions.noTurnover')
          : t(`promotions.turnoverOf.${row.turnover.base}`, { multiple: row.turnover.multiple }),
    },
    {
      title: t('promotions.claimCount'),
      dataIndex: 'claims',
      align: 'right',
      render: (value: number) => formatCount(value, i18n.language),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, promotion) => (
        <Flex gap="small" wrap>
          {isPending(promotion) ? (
            <Button size="small" type="primary" onClick={() => setReviewing(promotion)}>
              {t('promotions.reviewButton')}
            </Button>
          ) : null}
          <Button size="small" onClick={() => setClaimsOf(promotion)}>
            {t('promotions.claimsButton')}
          </Button>
          {canWrite ? (
            <Button size="small" onClick={() => setEditing({ mode: 'edit', promotion })}>
              {t('common.edit')}
            </Button>
          ) : null}
          {canWrite && promotion.status !== 'ended' ? (
            <Popconfirm
              title={t('promotions.endConfirm', { code: promotion.code })}
              okText={t('promotions.endNow')}
              cancelText={t('common.cancel')}
              onConfirm={() => end.mutate(promotion)}
            >
              <Button
                size="small"
                danger
                loading={end.isPending && end.variables?.id === promotion.id}
                disabled={end.isPending}
              >
                {t('promotions.endNow')}
              </Button>
            </Popconfirm>
          ) : null}
        </Flex>
      ),
    },
  ];

  return (
    <Screen
      title={t('promotions.menu')}
      extra={
        canWrite ? (
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden="true" />}
            onClick={() => setEditing({ mode: 'new' })}
          >
            {t('promotions.new')}
          </Button>
        ) : null
      }
    >
      <Flex justify="space-between" align="center" wrap gap="small">
        <Segmented<StatusFilter>
          aria-label={t('common.status')}
          value={status}
          onChange={(value) => {
            setStatus(value);
            list.setFilters(value === 'all' ? {} : { status: value });
          }}
          options={[
            { value: 'all', label: t('common.all') },
            ...ADMIN_PROMOTION_STATUSES.map((value) => ({ value, label: t(`promotions.statuses.${value}`) })),
          ]}
        />
        <Contributions table={list.page?.contributions} />
      </Flex>
      <PagedTable<AdminPromotion>
        label={t('promotions.tableLabel')}
        rowKey="id"
        columns={columns}
        list={list}
      />
      {canWrite ? <PromotionModal editing={editing} onClose={() => setEditing(null)} /> : null}
      <ClaimsDrawer promotion={claimsOf} onClose={() => setClaimsOf(null)} />
      <PromotionReview promotion={reviewing} onClose={() => setReviewing(null)} />
    </Screen>
  );
}
