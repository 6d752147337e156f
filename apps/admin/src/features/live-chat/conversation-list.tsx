import { ADMIN_CHAT_STATUSES, type AdminChatStatus, type AdminChatSummary } from '@kl/contracts/admin/chat';
import { Badge, Empty, Flex, Pagination, Radio, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/dates.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { useConversations } from './chat-queries.ts';
import { ChatStatusTag } from './chat-status-tag.tsx';

/** One conversation of the list: a button naming the member, with its status, news and last message. */
function ConversationItem({
  conversation,
  selected,
  onOpen,
}: {
  conversation: AdminChatSummary;
  selected: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const last = conversation.lastMessage;
  return (
    <li style={{ listStyle: 'none', borderBottom: '1px solid rgba(0, 0, 0, 0.06)' }}>
      <button
        type="button"
        aria-current={selected ? 'true' : undefined}
        aria-label={t('liveChat.openConversation', { username: conversation.memberUsername })}
        onClick={onOpen}
        style={{
          display: 'block',
          width: '100%',
          padding: '8px 12px',
          border: 'none',
          borderInlineStart: `3px solid ${selected ? 'currentColor' : 'transparent'}`,
          background: selected ? 'rgba(0, 0, 0, 0.04)' : 'transparent',
          color: 'inherit',
          font: 'inherit',
          textAlign: 'start',
          cursor: 'pointer',
        }}
      >
        <Flex justify="space-between" align="center" gap="small">
          <Typography.Text strong>{conversation.memberUsername}</Typography.Text>
          <Flex gap={4} align="center">
            {conversation.unreadCount > 0 ? (
              <Badge
                count={conversation.unreadCount}
                title={t('liveChat.unread', { count: conversation.unreadCount })}
              />
            ) : null}
            <ChatStatusTag status={conversation.status} />
          </Flex>
        </Flex>
        {last ? (
          <Typography.Text type="secondary" ellipsis style={{ display: 'block' }}>
            {last.body}
          </Typography.Text>
        ) : null}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatDateTime(conversation.updatedAt)}
        </Typography.Text>
      </button>
    </li>
  );
}

/** The conversations: a status choice, the list (paged on the server) and its pages. */
export function ConversationList({
  status,
  onStatus,
  pageNo,
  onPage,
  selectedId,
  onOpen,
}: {
  status: AdminChatStatus | undefined;
  onStatus: (status: AdminChatStatus | undefined) => void;
  pageNo: number;
  onPage: (pageNo: number) => void;
  selectedId: string | null;
  onOpen: (conversation: AdminChatSummary) => void;
}) {
  const { t } = useTranslation();
  const conversations = useConversations(status, pageNo);
  const page = conversations.data;
  return (
    <Flex vertical gap="small">
      <Radio.Group
        aria-label={t('liveChat.statusFilter')}
        optionType="button"
        size="small"
        value={status ?? 'all'}
        onChange={(event) => {
          const value = event.target.value as AdminChatStatus | 'all';
          onStatus(value === 'all' ? undefined : value);
        }}
        options={[
          { value: 'all', label: t('liveChat.statuses.all') },
          ...ADMIN_CHAT_STATUSES.map((value) => ({ value, label: t(`liveChat.statuses.${value}`) })),
        ]}
      />
      {conversations.error ? (
        <ErrorAlert error={conversations.error} onRetry={() => void conversations.refetch()} />
      ) : null}
      {conversations.isPending ? <Spin /> : null}
      {page && page.list.length === 0 ? <Empty description={t('liveChat.noConversations')} /> : null}
      {page && page.list.length > 0 ? (
        <ul
          aria-label={t('liveChat.conversations')}
          style={{ margin: 0, padding: 0, border: '1px solid rgba(0, 0, 0, 0.1)', borderRadius: 8 }}
        >
          {page.list.map((conversation) => (
            <ConversationItem
              key={conversation.id}
              conversation={conversation}
              selected={conversation.id === selectedId}
              onOpen={() => onOpen(conversation)}
            />
          ))}
        </ul>
      ) : null}
      {page && page.total > page.pageSize ? (
        <Pagination
          size="small"
          simple
          current={pageNo}
          pageSize={page.pageSize}
          total={page.total}
          onChange={onPage}
        />
      ) : null}
    </Flex>
  );
}
