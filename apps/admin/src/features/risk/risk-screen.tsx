import { adminCalls } from '@kl/contracts/admin/calls';
import {
  REVIEW_NOTE_MAX,
  RISK_SIGNAL_KINDS,
  RISK_SIGNAL_STATUSES,
  type RiskSignal,
  type RiskSignalKind,
  type RiskSignalStatus,
} from '@kl/contracts/admin/risk';
import { Button, Flex, Form, Input, Select, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../shared/dates.ts';
import { usePagedList } from '../../shared/paged-list.ts';
import { useCanWrite } from '../../shared/session.ts';
import { adminCall } from '../../shared/api.ts';
import { FilterBar } from '../../shared/ui/filter-bar.tsx';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { PagedTable } from '../../shared/ui/paged-table.tsx';
import { Screen } from '../../shared/ui/screen.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import { othersOf, useSignalText } from './signal-text.ts';

interface RiskFilters {
  kind: RiskSignalKind | 'all';
  status: RiskSignalStatus | 'all';
}

/**
 * The risk queue (docs/back-office.md, "Risk queue, notes, tags and restrictions"): signals newest first,
 * by kind and status; each names its members (their pages hold notes, tags, restrictions and disabling)
 * and what happened; risk and owners mark one reviewed with a note.
 */
export function RiskScreen() {
  const { t } = useTranslation();
  const list = usePagedList(adminCalls.adminRiskSignals, 'riskSignals', { status: 'open' });
  const canWrite = useCanWrite('members');
  const [reviewing, setReviewing] = useState<RiskSignal | null>(null);
  const describe = useSignalText();

  const memberLink = (member: { id: string; username: string }) => (
    <Link
      key={member.id}
      to={`/members/${member.id}`}
      aria-label={t('risk.openMember', { username: member.username })}
    >
      {member.username}
    </Link>
  );

  const columns: TableColumnsType<RiskSignal> = [
    { title: t('risk.createdAt'), dataIndex: 'createdAt', render: formatDateTime },
    { title: t('risk.kind'), dataIndex: 'kind', render: (_, row) => t(`risk.kinds.${row.kind}`) },
    {
      title: t('risk.members'),
      key: 'members',
      render: (_, row) => (
        <Flex gap="small" wrap>
          {memberLink(row.member)}
          {othersOf(row).map(memberLink)}
        </Flex>
      ),
    },
    { title: t('risk.whatHappened'), key: 'what', render: (_, row) => describe(row) },
    {
      title: t('common.status'),
      dataIndex: 'status',
      render: (_, row) =>
        row.status === 'open' ? (
          <Tag color="orange">{t('risk.statuses.open')}</Tag>
        ) : (
          <span>
            <Tag color="green">{t('risk.statuses.reviewed')}</Tag>
            {t('risk.reviewedBy', {
              operator: row.reviewedBy ?? '—',
              time: formatDateTime(row.reviewedAt),
              note: row.reviewNote ?? '',
            })}
          </span>
        ),
    },
    ...(canWrite
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, row: RiskSignal) =>
              row.status === 'open' ? (
                <Button
                  size="small"
                  aria-label={t('risk.reviewLabel', {
                    kind: t(`risk.kinds.${row.kind}`),
                    username: row.member.username,
                    time: formatDateTime(row.createdAt),
                  })}
                  onClick={() => setReviewing(row)}
                >
                  {t('risk.review')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <Screen title={t('risk.menu')}>
      <FilterBar<RiskFilters>
        name="riskFilters"
        label={t('common.filters')}
        initialValues={{ kind: 'all', status: 'open' }}
        onSearch={(values) =>
          list.setFilters({
            kind: values.kind === 'all' ? undefined : values.kind,
            status: values.status === 'all' ? undefined : values.status,
          })
        }
      >
        <Form.Item name="kind" label={t('risk.kind')} htmlFor="riskFilters_kind">
          <Select<RiskSignalKind | 'all'>
            id="riskFilters_kind"
            style={{ width: 260 }}
            options={[
              { value: 'all', label: t('risk.anyKind') },
              ...RISK_SIGNAL_KINDS.map((kind) => ({ value: kind, label: t(`risk.kinds.${kind}`) })),
            ]}
          />
        </Form.Item>
        <Form.Item name="status" label={t('common.status')} htmlFor="riskFilters_status">
          <Select<RiskSignalStatus | 'all'>
            id="riskFilters_status"
            style={{ width: 170 }}
            options={[
              { value: 'all', label: t('risk.anyStatus') },
              ...RISK_SIGNAL_STATUSES.map((status) => ({
                value: status,
                label: t(`risk.statuses.${status}`),
              })),
            ]}
          />
        </Form.Item>
      </FilterBar>
      <PagedTable<RiskSignal> label={t('risk.tableLabel')} rowKey="id" columns={columns} list={list} />
      {canWrite ? <ReviewModal signal={reviewing} onClose={() => setReviewing(null)} /> : null}
    </Screen>
  );
}

function ReviewModal({ signal, onClose }: { signal: RiskSignal | null; onClose: () => void }) {
  const { t } = useTranslation();
  const describe = useSignalText();
  const review = useAdminMutation(
    ({ signalId, note }: { signalId: number; note: string }) =>
      adminCall(adminCalls.adminReviewRiskSignal, { params: { signalId }, body: { note } }),
    { invalidates: ['riskSignals'], errorMessage: false, successText: () => t('risk.reviewed') },
  );
  const close = () => {
    review.reset();
    onClose();
  };
  return (
    <FormModal<{ note: string }>
      open={signal !== null}
      title={t('risk.reviewTitle')}
      name="riskReview"
      submitText={t('risk.markReviewed')}
      pending={review.isPending}
      error={review.error}
      onCancel={close}
      onSubmit={({ note }) =>
        signal && review.mutate({ signalId: signal.id, note: note.trim() }, { onSuccess: close })
      }
    >
      {signal ? <p>{describe(signal)}</p> : null}
      <Form.Item
        name="note"
        label={t('risk.reviewNote')}
        rules={[
          { required: true, whitespace: true, message: t('risk.reviewNoteRequired') },
          { max: REVIEW_NOTE_MAX, message: t('common.reasonTooLong', { max: REVIEW_NOTE_MAX }) },
        ]}
      >
        <Input.TextArea rows={3} maxLength={REVIEW_NOTE_MAX} showCount />
      </Form.Item>
    </FormModal>
  );
}
