import { PlusOutlined } from '@ant-design/icons';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { AdminHelpItem, AdminHelpTopic } from '@kl/contracts/admin/help';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { listKey } from '../../shared/paged-list.ts';
import { useCanWrite } from '../../shared/session.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Screen } from '../../shared/ui/screen.tsx';
import { YesNo } from '../../shared/ui/yes-no.tsx';
import { ArticleModal, type ArticleEditing } from './article-modal.tsx';
import { TopicModal, type TopicEditing } from './topic-modal.tsx';

/** The help centre: its topics and their articles (the terms among them), new ones and changes. */
export function HelpScreen() {
  const { t, i18n } = useTranslation();
  const canWrite = useCanWrite('content');
  const help = useQuery({
    queryKey: listKey('help'),
    queryFn: ({ signal }) => adminCall(adminCalls.adminHelp, { signal }),
  });
  const [topic, setTopic] = useState<TopicEditing>(null);
  const [article, setArticle] = useState<ArticleEditing>(null);
  const inLanguage = (text: { vi: string; en?: string | undefined }) =>
    i18n.language === 'en' && text.en ? text.en : text.vi;
  const topics = help.data?.topics ?? [];

  const topicColumns: TableColumnsType<AdminHelpTopic> = [
    { title: t('help.tag'), dataIndex: 'tag', render: (tag: string) => <code>{tag}</code> },
    { title: t('help.name'), key: 'name', render: (_, row) => inLanguage(row.name) },
    { title: t('help.order'), dataIndex: 'sortOrder' },
    {
      title: t('help.articles'),
      key: 'items',
      render: (_, row) => t('help.activeOfTotal', { active: row.activeItems, total: row.items }),
    },
  ];
  const articleColumns: TableColumnsType<AdminHelpItem> = [
    { title: t('help.title'), key: 'title', render: (_, row) => inLanguage(row.title) },
    { title: t('help.topic'), dataIndex: 'tag', render: (tag: string) => <code>{tag}</code> },
    {
      title: t('help.devices'),
      dataIndex: 'devices',
      render: (devices: AdminHelpItem['devices']) =>
        devices.map((device) => t(`help.deviceNames.${device}`)).join(', '),
    },
    { title: t('help.order'), dataIndex: 'sortOrder' },
    { title: t('help.active'), dataIndex: 'active', render: (value: boolean) => <YesNo value={value} /> },
  ];
  /** The column of a row's Edit button, named after what it edits. */
  const editColumn = <R extends object>(name: (row: R) => string, edit: (row: R) => void) => ({
    title: t('common.actions'),
    key: 'actions',
    render: (_: unknown, row: R) => (
      <Button size="small" aria-label={name(row)} onClick={() => edit(row)}>
        {t('common.edit')}
      </Button>
    ),
  });
  if (canWrite) {
    topicColumns.push(
      editColumn<AdminHelpTopic>(
        (row) => t('help.editTopicOf', { tag: row.tag }),
        (row) => setTopic({ mode: 'edit', topic: row }),
      ),
    );
    articleColumns.push(
      editColumn<AdminHelpItem>(
        (row) => t('help.editArticleOf', { title: inLanguage(row.title) }),
        (row) => setArticle({ mode: 'edit', item: row }),
      ),
    );
  }

  return (
    <Screen title={t('help.menu')}>
      {help.error ? <ErrorAlert error={help.error} onRetry={() => void help.refetch()} /> : null}
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
          {t('help.topics')}
        </Typography.Title>
        {canWrite ? (
          <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => setTopic({ mode: 'new' })}>
            {t('help.newTopic')}
          </Button>
        ) : null}
      </Flex>
      <Table<AdminHelpTopic>
        aria-label={t('help.topics')}
        rowKey="tag"
        columns={topicColumns}
        dataSource={topics}
        loading={help.isLoading}
        pagination={false}
        size="small"
      />
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
          {t('help.articles')}
        </Typography.Title>
        {canWrite ? (
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden="true" />}
            disabled={topics.length === 0}
            onClick={() => setArticle({ mode: 'new' })}
          >
            {t('help.newArticle')}
          </Button>
        ) : null}
      </Flex>
      <Table<AdminHelpItem>
        aria-label={t('help.articles')}
        rowKey="id"
        columns={articleColumns}
        dataSource={help.data?.items ?? []}
        loading={help.isLoading}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        size="small"
      />
      {canWrite ? (
        <>
          <TopicModal editing={topic} onClose={() => setTopic(null)} />
          <ArticleModal editing={article} topics={topics} onClose={() => setArticle(null)} />
        </>
      ) : null}
    </Screen>
  );
}
