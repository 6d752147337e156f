import { chatStreamQuery } from '@kl/contracts/chat';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute, route } from '../../platform/api-route.ts';
import type { Clock } from '../../platform/clock.ts';
import { failureResponses } from '../../platform/responses.ts';
import type { OperatorAuth } from './chat-auth.ts';
import { resumeAfter, sendEventStream } from './event-stream.ts';
import type { ChatHub } from './live-hub.ts';
import { eventStreamResponse } from './routes.ts';
import type { ChatService } from './service.ts';

export interface OperatorRoutesOptions {
  chatService: ChatService;
  operatorAuth: OperatorAuth;
  hub: ChatHub;
  clock: Clock;
}

const OPERATOR_FAILURES = ['NOT_LOGGED_IN', 'NOT_FOUND'] as const;
const CREDENTIAL =
  'Needs `Authorization: Bearer <CHAT_OPERATOR_TOKEN>` or the operator cookie; 401 NOT_LOGGED_IN without ' +
  'it, 404 when CHAT_OPERATOR_TOKEN is not configured; 429 TOO_MANY_REQUESTS for 15 minutes after 10 wrong ' +
  'operator tokens from one address.';

/** The operator page's calls: sign in, conversations, history, reply, read and the live stream. */
export const chatOperatorRoutes: FastifyPluginAsyncZod<OperatorRoutesOptions> = async (app, options) => {
  const { chatService, operatorAuth, hub, clock } = options;
  const tags = ['chat operator'];
  const check = operatorAuth.check;

  route(app, 'chatOpsSignIn', {
    summary: 'Operator: sign in with the bearer credential; sets the operator cookie (path /api/chat/ops)',
    description: 'Needs `Authorization: Bearer <CHAT_OPERATOR_TOKEN>`; 404 when it is not configured.',
    tags,
    failures: OPERATOR_FAILURES,
    onRequest: operatorAuth.checkBearer,
    handler: (request, reply) => {
      const expiresAt = operatorAuth.issueCookie(reply);
      request.log.info('chat operator signed in');
      return { expiresAt: expiresAt.toISOString() };
    },
  });

  route(app, 'chatOpsSignOut', {
    summary: 'Operator: sign out (clears the operator cookie)',
    tags,
    failures: ['NOT_FOUND'],
    onRequest: operatorAuth.requireEnabled,
    handler: (_request, reply) => {
      operatorAuth.clearCookie(reply);
      return { signedOut: true as const };
    },
  });

  route(app, 'chatOpsConversations', {
    summary: 'Operator: the conversations, most recent first, with unread counts of both sides',
    description: CREDENTIAL,
    tags,
    failures: OPERATOR_FAILURES,
    onRequest: check,
    handler: () => chatService.conversations(),
  });

  route(app, 'chatOpsMessages', {
    summary:
      'Operator: the messages of a conversation, newest page first (unReadCount: unread member messages)',
    description: CREDENTIAL,
    tags,
    failures: OPERATOR_FAILURES,
    onRequest: check,
    handler: (request) => {
      const { conversationId, ...page } = request.query;
      return chatService.operatorHistory(conversationId, page);
    },
  });

  route(app, 'chatOpsReply', {
    summary: 'Operator: reply in a conversation (reaches the member’s stream at once)',
    description: CREDENTIAL,
    tags,
    failures: OPERATOR_FAILURES,
    onRequest: check,
    handler: async (request) => {
      const message = await chatService.reply(request.body.conversationId, request.body.body);
      request.log.info({ conversationId: request.body.conversationId, messageId: message.id }, 'chat reply');
      return message;
    },
  });

  route(app, 'chatOpsRead', {
    summary: 'Operator: the member messages up to lastMessageId are read; answers the unread count',
    description: CREDENTIAL,
    tags,
    failures: OPERATOR_FAILURES,
    onRequest: check,
    handler: (request) => chatService.operatorRead(request.body.conversationId, request.body.lastMessageId),
  });

  // Server-sent events, not an envelope: registered by hand (raw call of the API table).
  app.route({
    ...apiRoute('chatOpsStream'),
    onRequest: check,
    compress: false,
    schema: {
      summary: 'Operator: every new message of every conversation as server-sent events',
      description: `${CREDENTIAL} Each \`message\` event carries { conversationId, userName, message }.`,
      tags,
      querystring: chatStreamQuery,
      response: { 200: eventStreamResponse, ...failureResponses(...OPERATOR_FAILURES) },
    },
    handler: async (request, reply) => {
      const source = await chatService.operatorStream(resumeAfter(request, request.query.after));
      return sendEventStream(request, reply, { ...source, hub, clock });
    },
  });
};
