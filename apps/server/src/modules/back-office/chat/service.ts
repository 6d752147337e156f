import type { AdminChatStatus } from '@kl/contracts/admin/chat';
import type { ChatService } from '../../chat/index.ts';
import type { AuditActor, AuditLog } from '../audit.ts';

/**
 * The live chat console (docs/back-office.md, "Chat, feedback and inbox"), on the chat module's service:
 * the same conversations and messages the member's chat page uses, so a reply reaches the member's stream
 * at once. Replies and closings are audited in their own transaction (the conversation
 * id and the status before and after; never the message text).
 */
export function createChatConsole(deps: { chatService: ChatService; audit: AuditLog }) {
  const { chatService, audit } = deps;
  const target = (conversationId: string) => ({ targetType: 'chat_conversation', targetId: conversationId });

  return {
    list: chatService.consoleConversations,
    conversation: chatService.consoleConversation,

    reply(actor: AuditActor & { operatorId: string }, conversationId: string, body: string) {
      return chatService.consoleReply(conversationId, body, {
        operatorId: actor.operatorId,
        operatorName: actor.username,
        onStored: (tx, message, before: AdminChatStatus) =>
          audit.record(
            actor,
            {
              action: 'chat.reply',
              ...target(conversationId),
              before: { status: before },
              after: { status: 'open', messageId: message.id },
            },
            tx,
          ),
      });
    },

    close(actor: AuditActor, conversationId: string) {
      return chatService.consoleClose(conversationId, (tx, before) =>
        audit.record(
          actor,
          {
            action: 'chat.close',
            ...target(conversationId),
            before: { status: before },
            after: { status: 'closed' },
          },
          tx,
        ),
      );
    },
  };
}

export type ChatConsole = ReturnType<typeof createChatConsole>;
