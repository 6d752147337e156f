import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { actorOf, type BackOfficeGuard, currentOperator, GUARD_FAILURES } from '../guard.ts';
import type { ChatConsole } from './service.ts';

/** The live chat console: conversations, one conversation, reply, close (docs/back-office.md). */
export function registerChatRoutes(
  app: FastifyInstance,
  deps: { guard: BackOfficeGuard; chatConsole: ChatConsole },
): void {
  const { guard, chatConsole } = deps;

  route(app, 'adminChats', {
    ...guard.guarded('adminChats'),
    summary: 'Members’ chat conversations, newest activity first: waiting, open or closed',
    description:
      'waiting: the member wrote last; open: an operator wrote last; closed: an operator closed it (the ' +
      'member writing again opens it). Conversations without a message are not listed. unreadCount: member ' +
      'messages since an operator last answered.',
    failures: GUARD_FAILURES,
    handler: (request, reply) => {
      reply.header('cache-control', 'no-store');
      return chatConsole.list(request.query);
    },
  });

  route(app, 'adminChat', {
    ...guard.guarded('adminChat'),
    summary: 'One conversation and its newest messages (older ones with beforeId), oldest first',
    description: 'operatorName names the back-office operator of each reply. Unknown conversation: 404.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND'],
    handler: (request, reply) => {
      reply.header('cache-control', 'no-store');
      return chatConsole.conversation(request.params.conversationId, request.query);
    },
  });

  route(app, 'adminChatReply', {
    ...guard.guarded('adminChatReply'),
    summary: 'Reply in a conversation: the member sees it at once as a customer service message',
    description:
      'Marks the member’s messages read and opens a closed conversation again. Audited as chat.reply (the ' +
      'conversation and message ids, not the text). Unknown conversation: 404.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND'],
    handler: async (request) => {
      const operator = currentOperator(request);
      const message = await chatConsole.reply(
        { ...actorOf(request), operatorId: operator.id },
        request.params.conversationId,
        request.body.body,
      );
      request.log.info(
        { conversationId: request.params.conversationId, messageId: message.id },
        'chat reply',
      );
      return message;
    },
  });

  route(app, 'adminCloseChat', {
    ...guard.guarded('adminCloseChat'),
    summary: 'Close a conversation (the member writing again opens it)',
    description:
      'Closing a closed conversation changes nothing. Audited as chat.close. Unknown conversation: 404.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND'],
    handler: (request) => chatConsole.close(actorOf(request), request.params.conversationId),
  });
}
