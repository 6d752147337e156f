import { adminCalls } from '@kl/contracts/admin/calls';
import type { AdminInboxSend } from '@kl/contracts/admin/inbox';
import { Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/dates.ts';
import { usePagedList } from '../../shared/paged-list.ts';
import { useCanWrite } from '../../shared/session.ts';
import { PagedTable } from '../../shared/ui/paged-table.tsx';
import { Screen } from '../../shared/ui/screen.tsx';
import { VisuallyHidden } from '../../shared/ui/visually-hidden.tsx';
import { SendInboxForm } from './send-inbox-form.tsx';

/** Inbox messages: the send form (content writers) and what was sent, newest first. */
export function InboxScreen() {
  const { t, i18n } = useTranslation();
  const canWrite = useCanWrite('content');
  const list = usePagedList(adminCalls.adminInboxMessages, 'inboxSends', {});
  const inLanguage = (text: { vi: string; en?: string | undefined }) =>
    i18n.language === 'en' && text.en ? text.en : text.vi;

  const columns: TableColumnsType<AdminInboxSend> = [
    { title: t('inbox.sentAt'), dataIndex: 'sentAt', render: formatDateTime },
    { title: t('inbox.title'), key: 'title', render: (_, row) => inLanguage(row.title) },
    {
      title: t('inbox.to'),
      key: 'to',
      render: (_, row) =>
        row.audience === 'vip'
          ? t('inbox.toVip', { level: row.vipLevel ?? 0 })
          : row.audience === 'member'
            ? (row.memberUsername ?? '—')
            : t('inbox.toAll'),
    },
    { title: t('inbox.recipients'), dataIndex: 'recipients', align: 'right' },
    { title: t('inbox.operator'), dataIndex: 'operatorUsername' },
  ];

  return (
    <Screen title={t('inbox.menu')}>
      {canWrite ? <SendInboxForm /> : null}
      <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
        {t('inbox.sentList')}
      </Typography.Title>
      <PagedTable<AdminInboxSend>
        label={t('inbox.sentList')}
        rowKey="id"
        columns={columns}
        list={list}
        expandable={{
          columnTitle: <VisuallyHidden>{t('inbox.contentColumn')}</VisuallyHidden>,
          expandedRowRender: (row) => (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
              {inLanguage(row.content)}
            </Typography.Paragraph>
          ),
        }}
      />
    </Screen>
  );
}
