import type { AdminChatMessage, AdminChatSummary } from '@kl/contracts/admin/chat';
import { adminCalls } from '@kl/contracts/admin/calls';
import { CHAT_HISTORY_PAGE, CHAT_MESSAGE_MAX } from '@kl/contracts/chat';
import { Alert, Button, Card, Empty, Flex, Input, Popconfirm, Spin, Typography } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { formatDateTime } from '../../shared/dates.ts';
import { useCanWrite } from '../../shared/session.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import { CHATS, mergeMessages, useConversation } from './chat-queries.ts';
import { ChatStatusTag } from './chat-status-tag.tsx';

/** One message: who wrote it (the member, the operator by name, or customer service), when, and what. */
function MessageItem({ message, member }: { message: AdminChatMessage; member: string }) {
  const { t } = useTranslation();
  const mine = message.sender === 'operator';
  const author = mine ? (message.operatorName ?? t('liveChat.customerService')) : member;
  return (
    <li style={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', listStyle: 'none' }}>
      <div
        style={{
          maxWidth: '75%',
          padding: '6px 10px',
          borderRadius: 8,
          background: mine ? 'rgba(22, 119, 255, 0.1)' : 'rgba(0, 0, 0, 0.05)',
        }}
      >
        <Typography.Text strong style={{ fontSize: 12 }}>
          {author}
        </Typography.Text>{' '}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        </Typography.Text>
        <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.body}</div>
      </div>
    </li>
  );
}

/** The reply box: a labelled text area and Send (Ctrl+Enter sends); busy while the reply is in flight. */
function ReplyBox({ conversation }: { conversation: AdminChatSummary }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [text, setText] = useState('');
  const reply = useAdminMutation(
    (body: string) =>
      adminCall(adminCalls.adminChatReply, { params: { conversationId: conversation.id }, body: { body } }),
    { invalidates: [CHATS], errorMessage: false },
  );
  const body = text.trim();
  const submit = () => {
    if (body === '' || reply.isPending) return;
    reply.mutate(body, { onSuccess: () => setText('') });
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Flex vertical gap="small">
        <label htmlFor={inputId}>{t('liveChat.reply')}</label>
        <Input.TextArea
          id={inputId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              submit();
            }
          }}
          placeholder={t('liveChat.replyPlaceholder')}
          rows={3}
          maxLength={CHAT_MESSAGE_MAX}
          disabled={reply.isPending}
        />
        {reply.error ? <ErrorAlert error={reply.error} /> : null}
        <Flex justify="flex-end">
          <Button type="primary" htmlType="submit" disabled={body === ''} loading={reply.isPending}>
            {t('liveChat.send')}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}

/**
 * One conversation: its member and status, Close, the messages (the newest page, asked again every few
 * seconds, and older pages on demand), and the reply box. Writes are for operators who may answer chats.
 */
export function ConversationPane({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation();
  const canWrite = useCanWrite('chat');
  const detail = useConversation(conversationId);
  const [earlier, setEarlier] = useState<{ messages: AdminChatMessage[]; hasMore: boolean } | null>(null);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const [earlierError, setEarlierError] = useState<unknown>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const close = useAdminMutation(() => adminCall(adminCalls.adminCloseChat, { params: { conversationId } }), {
    invalidates: [CHATS],
    successText: () => t('liveChat.closedDone'),
  });

  const latest = detail.data;
  const messages = mergeMessages(earlier?.messages ?? [], latest?.messages ?? []);
  const hasMore = earlier ? earlier.hasMore : (latest?.hasMore ?? false);
  const newestId = messages.at(-1)?.id;

  // The newest message in view when it arrives.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [newestId]);

  if (!latest) {
    return detail.error ? (
      <ErrorAlert error={detail.error} onRetry={() => void detail.refetch()} />
    ) : (
      <Spin />
    );
  }
  const { conversation } = latest;

  const showEarlier = async () => {
    const oldest = messages[0];
    if (!oldest) return;
    setLoadingEarlier(true);
    setEarlierError(null);
    try {
      const page = await adminCall(adminCalls.adminChat, {
        params: { conversationId },
        query: { beforeId: oldest.id, limit: CHAT_HISTORY_PAGE },
      });
      setEarlier((current) => ({
        messages: mergeMessages(page.messages, current?.messages ?? []),
        hasMore: page.hasMore,
      }));
    } catch (error) {
      setEarlierError(error);
    } finally {
      setLoadingEarlier(false);
    }
  };

  return (
    <Card
      title={
        <Flex gap="small" align="center">
          <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
            {conversation.memberUsername}
          </Typography.Title>
          <ChatStatusTag status={conversation.status} />
        </Flex>
      }
      extra={
        canWrite ? (
          <Popconfirm
            title={t('liveChat.closeConfirm', { username: conversation.memberUsername })}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={() => close.mutate()}
          >
            <Button disabled={conversation.status === 'closed' || close.isPending} loading={close.isPending}>
              {t('liveChat.close')}
            </Button>
          </Popconfirm>
        ) : null
      }
    >
      <Flex vertical gap="middle">
        {conversation.closedAt ? (
          <Alert
            type="info"
            title={t('liveChat.closedNotice', { time: formatDateTime(conversation.closedAt) })}
          />
        ) : null}
        {hasMore ? (
          <Button
            size="small"
            onClick={() => void showEarlier()}
            loading={loadingEarlier}
            disabled={loadingEarlier}
          >
            {t('liveChat.earlier')}
          </Button>
        ) : null}
        {earlierError ? <ErrorAlert error={earlierError} /> : null}
        {messages.length === 0 ? (
          <Empty description={t('liveChat.noMessages')} />
        ) : (
          // The live region wraps the list: a list keeps its items' semantics only as a list.
          <div
            ref={logRef}
            role="log"
            aria-label={t('liveChat.messagesOf', { username: conversation.memberUsername })}
            style={{ maxHeight: 480, overflowY: 'auto' }}
          >
            <ol style={{ display: 'flex', flexDirection: 'column', gap: 8, margin: 0, padding: 0 }}>
              {messages.map((message) => (
                <MessageItem key={message.id} message={message} member={conversation.memberUsername} />
              ))}
            </ol>
          </div>
        )}
        {canWrite ? <ReplyBox conversation={conversation} /> : null}
      </Flex>
    </Card>
  );
}
