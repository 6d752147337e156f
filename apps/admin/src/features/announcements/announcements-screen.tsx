import { PlusOutlined } from '@ant-design/icons';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { AdminAnnouncement } from '@kl/contracts/admin/content';
import { Button, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/dates.ts';
import { usePagedList } from '../../shared/paged-list.ts';
import { useCanWrite } from '../../shared/session.ts';
import { PagedTable } from '../../shared/ui/paged-table.tsx';
import { Screen } from '../../shared/ui/screen.tsx';
import { YesNo } from '../../shared/ui/yes-no.tsx';
import { AnnouncementModal, type AnnouncementEditing } from './announcement-modal.tsx';

/** Announcements of the player site: the list, a new one, and changes to each. */
export function AnnouncementsScreen() {
  const { t, i18n } = useTranslation();
  const canWrite = useCanWrite('content');
  const list = usePagedList(adminCalls.adminAnnouncements, 'announcements', {});
  const [editing, setEditing] = useState<AnnouncementEditing>(null);

  const columns: TableColumnsType<AdminAnnouncement> = [
    {
      title: t('announcements.title'),
      key: 'title',
      render: (_, row) => (i18n.language === 'en' && row.title.en ? row.title.en : row.title.vi),
    },
    {
      title: t('announcements.type'),
      dataIndex: 'type',
      render: (_, row) => t(`announcements.types.${row.type}`),
    },
    {
      title: t('announcements.popularShort'),
      dataIndex: 'popular',
      render: (value: boolean) => <YesNo value={value} />,
    },
    {
      title: t('announcements.active'),
      dataIndex: 'active',
      render: (value: boolean) => <YesNo value={value} />,
    },
    { title: t('announcements.publishedAt'), dataIndex: 'publishedAt', render: formatDateTime },
    { title: t('announcements.expiresAt'), dataIndex: 'expiresAt', render: formatDateTime },
  ];
  if (canWrite) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      render: (_, announcement) => (
        <Button size="small" onClick={() => setEditing({ mode: 'edit', announcement })}>
          {t('common.edit')}
        </Button>
      ),
    });
  }

  return (
    <Screen
      title={t('menu.announcements')}
      extra={
        canWrite ? (
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden="true" />}
            onClick={() => setEditing({ mode: 'new' })}
          >
            {t('announcements.new')}
          </Button>
        ) : null
      }
    >
      <PagedTable<AdminAnnouncement>
        label={t('announcements.tableLabel')}
        rowKey="id"
        columns={columns}
        list={list}
      />
      {canWrite ? <AnnouncementModal editing={editing} onClose={() => setEditing(null)} /> : null}
    </Screen>
  );
}
