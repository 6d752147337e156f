import type { AdminChatStatus } from '@kl/contracts/admin/chat';
import { Empty, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Screen } from '../../shared/ui/screen.tsx';
import { ConversationList } from './conversation-list.tsx';
import { ConversationPane } from './conversation-pane.tsx';

/**
 * The live chat console: the members' conversations (waiting first to answer, by the status chosen) and
 * the one open, with its messages and the reply box. Both refresh every few seconds.
 */
export function LiveChatScreen() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<AdminChatStatus | undefined>('waiting');
  const [pageNo, setPageNo] = useState(1);
  const [selectedId, setSelectedId] = useState<string | null>(null);

  return (
    <Screen title={t('liveChat.menu')}>
      <Typography.Text type="secondary">{t('liveChat.live')}</Typography.Text>
      <Flex gap="large" align="flex-start" wrap>
        <div style={{ flex: '0 1 340px', minWidth: 280 }}>
          <ConversationList
            status={status}
            onStatus={(next) => {
              setStatus(next);
              setPageNo(1);
            }}
            pageNo={pageNo}
            onPage={setPageNo}
            selectedId={selectedId}
            onOpen={(conversation) => setSelectedId(conversation.id)}
          />
        </div>
        <div style={{ flex: '1 1 420px', minWidth: 320 }}>
          {selectedId ? (
            <ConversationPane key={selectedId} conversationId={selectedId} />
          ) : (
            <Empty description={t('liveChat.choose')} />
          )}
        </div>
      </Flex>
    </Screen>
  );
}
