import type { AdminFeedbackSummary } from '@kl/contracts/admin/feedback';
import { adminCalls } from '@kl/contracts/admin/calls';
import { FEEDBACK_STATUSES, FEEDBACK_TYPE_VALUES, type FeedbackStatus } from '@kl/contracts/feedback';
import { Button, Form, Input, Select, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, periodOf, type DayRange } from '../../shared/dates.ts';
import { usePagedList } from '../../shared/paged-list.ts';
import { DateRangeItem } from '../../shared/ui/date-range-item.tsx';
import { FilterBar } from '../../shared/ui/filter-bar.tsx';
import { PagedTable } from '../../shared/ui/paged-table.tsx';
import { Screen } from '../../shared/ui/screen.tsx';
import { FeedbackDrawer } from './feedback-drawer.tsx';
import { FeedbackStatusTag } from './feedback-status-tag.tsx';

interface FeedbackFilters {
  status: FeedbackStatus | 'all';
  type: number | 'all';
  member?: string;
  period?: DayRange;
}

/** Members' feedback: filters, the table (paged on the server) and one feedback in a drawer. */
export function FeedbackScreen() {
  const { t } = useTranslation();
  const list = usePagedList(adminCalls.adminFeedbackList, 'feedback', {});
  const [openId, setOpenId] = useState<string | null>(null);

  const columns: TableColumnsType<AdminFeedbackSummary> = [
    { title: t('feedback.createdAt'), dataIndex: 'createdAt', render: formatDateTime },
    { title: t('feedback.member'), dataIndex: 'memberUsername' },
    { title: t('feedback.type'), dataIndex: 'type', render: (_, row) => t(`feedback.types.${row.type}`) },
    {
      title: t('feedback.content'),
      dataIndex: 'content',
      render: (content: string) => (
        <Typography.Text style={{ maxWidth: 360, display: 'inline-block' }} ellipsis={{ tooltip: content }}>
          {content}
        </Typography.Text>
      ),
    },
    { title: t('feedback.images'), dataIndex: 'imageCount', align: 'right' },
    {
      title: t('feedback.status'),
      dataIndex: 'status',
      render: (_, row) => <FeedbackStatusTag status={row.status} />,
    },
    { title: t('feedback.repliedAt'), dataIndex: 'repliedAt', render: formatDateTime },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, row) => (
        <Button
          size="small"
          aria-label={t('feedback.openLabel', {
            username: row.memberUsername,
            time: formatDateTime(row.createdAt),
          })}
          onClick={() => setOpenId(row.id)}
        >
          {t('feedback.open')}
        </Button>
      ),
    },
  ];

  return (
    <Screen title={t('feedback.menu')}>
      <FilterBar<FeedbackFilters>
        name="feedbackFilters"
        label={t('common.filters')}
        initialValues={{ status: 'all', type: 'all' }}
        onSearch={(values) =>
          list.setFilters({
            status: values.status === 'all' ? undefined : values.status,
            type: values.type === 'all' ? undefined : values.type,
            member: values.member?.trim() || undefined,
            ...periodOf(values.period),
          })
        }
      >
        <Form.Item name="status" label={t('feedback.status')} htmlFor="feedbackFilters_status">
          <Select<FeedbackStatus | 'all'>
            id="feedbackFilters_status"
            style={{ width: 170 }}
            options={[
              { value: 'all', label: t('feedback.anyStatus') },
              ...FEEDBACK_STATUSES.map((status) => ({
                value: status,
                label: t(`feedback.statuses.${status}`),
              })),
            ]}
          />
        </Form.Item>
        <Form.Item name="type" label={t('feedback.type')} htmlFor="feedbackFilters_type">
          <Select<number | 'all'>
            id="feedbackFilters_type"
            style={{ width: 170 }}
            options={[
              { value: 'all', label: t('feedback.anyType') },
              ...FEEDBACK_TYPE_VALUES.map((type) => ({ value: type, label: t(`feedback.types.${type}`) })),
            ]}
          />
        </Form.Item>
        <Form.Item name="member" label={t('feedback.member')}>
          <Input allowClear maxLength={64} placeholder={t('feedback.memberHint')} />
        </Form.Item>
        <DateRangeItem formName="feedbackFilters" />
      </FilterBar>
      <PagedTable<AdminFeedbackSummary>
        label={t('feedback.tableLabel')}
        rowKey="id"
        columns={columns}
        list={list}
      />
      <FeedbackDrawer feedbackId={openId} onClose={() => setOpenId(null)} />
    </Screen>
  );
}
