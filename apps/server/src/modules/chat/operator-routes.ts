import { successEnvelope } from '@kl/contracts/envelope';
import {
  chatConversationList,
  chatHistory,
  chatMessage,
  chatStreamQuery,
  chatUnreadResult,
  operatorHistoryQuery,
  operatorReadRequest,
  operatorReplyRequest,
  operatorSessionResult,
} from '@kl/contracts/chat';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoute } from '../../platform/api-route.ts';
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

const ok = <T>(value: T) => ({ success: true as const, value });
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

  app.route({
    ...apiRoute('chatOpsSignIn'),
    onRequest: operatorAuth.checkBearer,
    schema: {
      summary: 'Operator: sign in with the bearer credential; sets the operator cookie (path /api/chat/ops)',
      description: 'Needs `Authorization: Bearer <CHAT_OPERATOR_TOKEN>`; 404 when it is not configured.',
      tags,
      response: { 200: successEnvelope(operatorSessionResult), ...failureResponses(...OPERATOR_FAILURES) },
    },
    handler: async (request, reply) => {
      const expiresAt = operatorAuth.issueCookie(reply);
      request.log.info('chat operator signed in');
      return ok({ expiresAt: expiresAt.toISOString() });
    },
  });

  app.route({
    ...apiRoute('chatOpsSignOut'),
    onRequest: operatorAuth.requireEnabled,
    schema: {
      summary: 'Operator: sign out (clears the operator cookie)',
      tags,
      response: {
        200: successEnvelope(z.object({ signedOut: z.literal(true) })),
        ...failureResponses('NOT_FOUND'),
      },
    },
    handler: async (_request, reply) => {
      operatorAuth.clearCookie(reply);
      return ok({ signedOut: true as const });
    },
  });

  app.route({
    ...apiRoute('chatOpsConversations'),
    onRequest: check,
    schema: {
      summary: 'Operator: the conversations, most recent first, with unread counts of both sides',
      description: CREDENTIAL,
      tags,
      response: { 200: successEnvelope(chatConversationList), ...failureResponses(...OPERATOR_FAILURES) },
    },
    handler: async () => ok(await chatService.conversations()),
  });

  app.route({
    ...apiRoute('chatOpsMessages'),
    onRequest: check,
    schema: {
      summary:
        'Operator: the messages of a conversation, newest page first (unReadCount: unread member messages)',
      description: CREDENTIAL,
      tags,
      querystring: operatorHistoryQuery,
      response: { 200: successEnvelope(chatHistory), ...failureResponses(...OPERATOR_FAILURES) },
    },
    handler: async (request) => {
      const { conversationId, ...page } = request.query;
      return ok(await chatService.operatorHistory(conversationId, page));
    },
  });

  app.route({
    ...apiRoute('chatOpsReply'),
    onRequest: check,
    schema: {
      summary: 'Operator: reply in a conversation (reaches the member’s stream at once)',
      description: CREDENTIAL,
      tags,
      body: operatorReplyRequest,
      response: { 200: successEnvelope(chatMessage), ...failureResponses(...OPERATOR_FAILURES) },
    },
    handler: async (request) => {
      const message = await chatService.reply(request.body.conversationId, request.body.body);
      request.log.info({ conversationId: request.body.conversationId, messageId: message.id }, 'chat reply');
      return ok(message);
    },
  });

  app.route({
    ...apiRoute('chatOpsRead'),
    onRequest: check,
    schema: {
      summary: 'Operator: the member messages up to lastMessageId are read; answers the unread count',
      description: CREDENTIAL,
      tags,
      body: operatorReadRequest,
      response: { 200: successEnvelope(chatUnreadResult), ...failureResponses(...OPERATOR_FAILURES) },
    },
    handler: async (request) =>
      ok(await chatService.operatorRead(request.body.conversationId, request.body.lastMessageId)),
  });

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
