import { adminCalls } from '@kl/contracts/admin/calls';
import type { AdminPromotion } from '@kl/contracts/admin/promotions';
import { Alert, Button, Flex, Modal, Popconfirm, Table, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { formatDateTime } from '../../shared/dates.ts';
import { formatMoney } from '@kl/contracts/money';
import { useCanWrite, useOperator } from '../../shared/session.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import { authorsOf, pendingTermsOf } from './promotion-form.ts';

type Terms = Pick<
  AdminPromotion,
  | 'title'
  | 'summary'
  | 'detailHtml'
  | 'imageUrl'
  | 'startsAt'
  | 'endsAt'
  | 'bonus'
  | 'minDeposit'
  | 'turnover'
  | 'sort'
  | 'currency'
>;
const FIELDS = [
  'title',
  'summary',
  'detailHtml',
  'imageUrl',
  'window',
  'bonus',
  'minDeposit',
  'turnover',
  'sort',
] as const;
type Field = (typeof FIELDS)[number];

interface Row {
  field: Field;
  live: string;
  pending: string | null;
}

/** A promotion's terms as the review shows them, one line per field. */
function useTermsText() {
  const { t, i18n } = useTranslation();
  const money = (value: number, currency: string) => formatMoney(value, currency, i18n.language);
  const text = (value: { vi: string; en?: string | undefined }) =>
    value.en ? `${value.vi} / ${value.en}` : value.vi;
  return (terms: Terms, field: Field): string => {
    switch (field) {
      case 'title':
      case 'summary':
      case 'detailHtml':
        return text(terms[field]);
      case 'imageUrl':
        return terms.imageUrl.startsWith('data:') ? t('promotions.review.drawnBanner') : terms.imageUrl;
      case 'window':
        return `${formatDateTime(terms.startsAt)} – ${formatDateTime(terms.endsAt)}`;
      case 'bonus':
        return terms.bonus.kind === 'fixed'
          ? money(terms.bonus.amount, terms.currency)
          : t('promotions.percentBonus', {
              percent: terms.bonus.percent,
              cap: money(terms.bonus.cap, terms.currency),
            });
      case 'minDeposit':
        return money(terms.minDeposit, terms.currency);
      case 'turnover':
        return terms.turnover.multiple === 0
          ? t('promotions.noTurnover')
          : t(`promotions.turnoverOf.${terms.turnover.base}`, { multiple: terms.turnover.multiple });
      case 'sort':
        return String(terms.sort);
    }
  };
}

/**
 * What waits on a promotion (docs/back-office.md, "Promotions"), for another operator to publish or for
 * anyone to discard: a new promotion's terms, or a change beside the live terms. Its author sees why they
 * cannot publish it. Publishing and discarding each ask for confirmation.
 */
export function PromotionReview({
  promotion,
  onClose,
}: {
  promotion: AdminPromotion | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={promotion !== null}
      title={promotion ? t('promotions.review.title', { code: promotion.code }) : ''}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={760}
    >
      {promotion ? <ReviewBody key={promotion.id} promotion={promotion} onClose={onClose} /> : null}
    </Modal>
  );
}

function ReviewBody({ promotion, onClose }: { promotion: AdminPromotion; onClose: () => void }) {
  const { t } = useTranslation();
  const operator = useOperator();
  const canWrite = useCanWrite('promotions');
  const termsText = useTermsText();
  const decision = { draftAt: promotion.draft?.draftAt ?? null };
  const target = { promotionId: promotion.id };
  const invalidates = ['promotions', 'report-promotions'];
  const publish = useAdminMutation(
    () => adminCall(adminCalls.adminPublishPromotion, { params: target, body: decision }),
    {
      invalidates,
      errorMessage: false,
      successText: () => t('promotions.publishedText', { code: promotion.code }),
    },
  );
  const discard = useAdminMutation(
    () => adminCall(adminCalls.adminDiscardPromotion, { params: target, body: decision }),
    {
      invalidates,
      errorMessage: false,
      successText: (result) =>
        result.promotion === null
          ? t('promotions.withdrawnText', { code: promotion.code })
          : t('promotions.discardedText', { code: promotion.code }),
    },
  );
  const busy = publish.isPending || discard.isPending;
  const mine = operator !== null && authorsOf(promotion).includes(operator.username);
  const pending = promotion.draft ? pendingTermsOf(promotion) : null;
  const change = promotion.draft?.change ?? {};
  const changed = (field: Field) =>
    field === 'window'
      ? change.startsAt !== undefined || change.endsAt !== undefined
      : change[field] !== undefined;

  const rows: Row[] = FIELDS.map((field) => ({
    field,
    live: termsText(promotion, field),
    pending: pending && changed(field) ? termsText(pending, field) : null,
  }));
  const columns: TableColumnsType<Row> = [
    {
      title: t('promotions.review.field'),
      dataIndex: 'field',
      render: (field: Field) => t(`promotions.review.fields.${field}`),
    },
    {
      title: promotion.published ? t('promotions.review.live') : t('promotions.review.written'),
      dataIndex: 'live',
      render: (value: string) => <Typography.Text ellipsis={{ tooltip: value }}>{value}</Typography.Text>,
    },
  ];
  if (pending) {
    columns.push({
      title: t('promotions.review.pending'),
      dataIndex: 'pending',
      render: (value: string | null): ReactNode =>
        value === null ? (
          <Typography.Text type="secondary">{t('promotions.review.unchanged')}</Typography.Text>
        ) : (
          <Typography.Text strong ellipsis={{ tooltip: value }}>
            {value}
          </Typography.Text>
        ),
    });
  }

  return (
    <Flex vertical gap="middle">
      <Typography.Paragraph style={{ margin: 0 }}>
        {!promotion.published
          ? t('promotions.review.newBy', { username: promotion.createdBy ?? '—' })
          : promotion.publishedBy
            ? t('promotions.review.publishedBy', {
                username: promotion.publishedBy,
                at: formatDateTime(promotion.publishedAt),
              })
            : t('promotions.review.publishedOn', { at: formatDateTime(promotion.publishedAt) })}
      </Typography.Paragraph>
      {promotion.draft ? (
        <Typography.Paragraph style={{ margin: 0 }}>
          {t('promotions.review.changeBy', {
            username: promotion.draft.draftBy ?? '—',
            at: formatDateTime(promotion.draft.draftAt),
          })}
        </Typography.Paragraph>
      ) : null}
      <Table<Row>
        aria-label={t('promotions.review.tableLabel', { code: promotion.code })}
        size="small"
        rowKey="field"
        columns={columns}
        dataSource={rows}
        pagination={false}
        tableLayout="fixed"
      />
      {canWrite && mine ? (
        <Alert type="warning" showIcon title={t('promotions.review.yours')} data-testid="cannot-publish" />
      ) : null}
      {publish.error ? <ErrorAlert error={publish.error} /> : null}
      {discard.error ? <ErrorAlert error={discard.error} /> : null}
      <Flex justify="flex-end" gap="small">
        <Button onClick={onClose}>{t('promotions.review.close')}</Button>
        {canWrite ? (
          <>
            <Popconfirm
              title={
                promotion.draft
                  ? t('promotions.review.discardChangeConfirm', { code: promotion.code })
                  : t('promotions.review.withdrawConfirm', { code: promotion.code })
              }
              okText={t('promotions.review.discard')}
              cancelText={t('common.cancel')}
              onConfirm={() => discard.mutate(undefined, { onSuccess: onClose })}
            >
              <Button danger loading={discard.isPending} disabled={busy}>
                {t('promotions.review.discard')}
              </Button>
            </Popconfirm>
            <Popconfirm
              title={t('promotions.review.publishConfirm', { code: promotion.code })}
              okText={t('promotions.review.publish')}
              cancelText={t('common.cancel')}
              onConfirm={() => publish.mutate(undefined, { onSuccess: onClose })}
              disabled={mine}
            >
              <Button type="primary" loading={publish.isPending} disabled={busy || mine}>
                {t('promotions.review.publish')}
              </Button>
            </Popconfirm>
          </>
        ) : null}
      </Flex>
    </Flex>
  );
}
