import { createHash } from 'node:crypto';
import { successEnvelope } from '@kl/contracts/envelope';
import {
  LIVE_AVATAR_PREFIX,
  chatHistory,
  chatHistoryQuery,
  chatMessage,
  chatReadRequest,
  chatSendRequest,
  chatSessionRequest,
  chatSessionResult,
  chatStreamQuery,
  chatUnreadResult,
  launchChatQuery,
  launchChatResult,
  liveModelList,
  liveModelQuery,
} from '@kl/contracts/chat';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoute } from '../../platform/api-route.ts';
import type { Clock } from '../../platform/clock.ts';
import { DomainError } from '../../platform/errors.ts';
import { currentMember, type MemberGuards } from '../../platform/member-guard.ts';
import { failureResponses } from '../../platform/responses.ts';
import type { ChatCookies } from './chat-auth.ts';
import { resumeAfter, sendEventStream } from './event-stream.ts';
import type { ChatHub } from './live-hub.ts';
import type { ChatMember, ChatService } from './service.ts';

export interface ChatRoutesOptions {
  chatService: ChatService;
  guards: MemberGuards;
  cookies: ChatCookies;
  hub: ChatHub;
  clock: Clock;
}

const ok = <T>(value: T) => ({ success: true as const, value });
const SESSION_FAILURES = ['NOT_LOGGED_IN', 'SESSION_EXPIRED', 'FEATURE_NOT_ENABLED'] as const;

export const eventStreamResponse = {
  description: 'Server-sent events: `message` events whose id is the message id',
  content: { 'text/event-stream': { schema: z.string() } },
};

/**
 * The site's chat calls (session cookie: launch, unread count, live hosts) and the chat page's calls
 * (chat cookie: session, history, send, read, stream).
 */
export const chatRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async (app, options) => {
  const { chatService, guards, cookies, hub, clock } = options;
  const tags = ['chat'];
  const members = new WeakMap<FastifyRequest, ChatMember>();

  /** preHandler of the chat page's calls: CBS3 on and a live chat cookie. */
  async function chatGuard(request: FastifyRequest, reply: Parameters<typeof cookies.clear>[0]) {
    await chatService.requireChatOn();
    const access = cookies.read(request);
    if (!access) throw new DomainError('NOT_LOGGED_IN', { reason: 'CHAT_COOKIE_MISSING' });
    const member = await chatService.resolveAccess(access);
    if (!member) {
      cookies.clear(reply);
      throw new DomainError('SESSION_EXPIRED', { reason: 'CHAT_COOKIE_EXPIRED' });
    }
    members.set(request, member);
  }
  const chatMember = (request: FastifyRequest): ChatMember => {
    const member = members.get(request);
    if (!member) throw new Error('chat route without the chat guard');
    return member;
  };

  app.addHook('preClose', async () => hub.closeAll());

  app.route({
    ...apiRoute('launchChat'),
    preHandler: guards.realMember,
    schema: {
      summary:
        'Launch live chat (product.md §7): the chat page address with a one-time token, and the unread count',
      description:
        'chatUrl is `/chat/?b2c=1&language=…&backUrl=…&headerColor=…&title=…#token=…`: language uppercase ' +
        '(Chinese variants as CN, CN when absent), backUrl a path of this site (else /m/home), headerColor ' +
        '#rrggbb (else the theme colour), title (else the localised default). The token works once, within 2 ' +
        'minutes. CBS3 off: 403 FEATURE_NOT_ENABLED { reason: CBS3_OFF }; trial members: free_reject.',
      tags,
      security: [{ session: [] }],
      querystring: launchChatQuery,
      response: { 200: successEnvelope(launchChatResult), ...failureResponses(...SESSION_FAILURES) },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await chatService.launch(currentMember(request), request.query));
    },
  });

  app.route({
    ...apiRoute('chatUnread'),
    preHandler: guards.realMember,
    schema: {
      summary: 'Unread chat count: operator replies the member has not seen (CBS3, non-trial members)',
      tags,
      security: [{ session: [] }],
      response: { 200: successEnvelope(chatUnreadResult), ...failureResponses(...SESSION_FAILURES) },
    },
    handler: async (request) => ok(await chatService.unread(currentMember(request))),
  });

  app.route({
    ...apiRoute('liveModels'),
    schema: {
      summary: 'Live model list: the merchant’s live hosts with their avatar and flags (CBS3)',
      description: 'active and streaming (1/0/true/false) filter on the flags; absent means either.',
      tags: ['live'],
      querystring: liveModelQuery,
      response: { 200: successEnvelope(liveModelList), ...failureResponses('FEATURE_NOT_ENABLED') },
    },
    handler: async (request) => ok(await chatService.liveModels(request.query)),
  });

  app.route({
    method: 'GET',
    url: `${LIVE_AVATAR_PREFIX}:file`,
    config: { moduleId: 'CBS3', rateLimit: false },
    schema: {
      summary: 'Avatar of a live host (SVG drawn by the server)',
      tags: ['live'],
      params: z.object({ file: z.string().max(64) }),
      response: {
        200: { description: 'SVG image', content: { 'image/svg+xml': { schema: z.string() } } },
        304: z.undefined().describe('Not modified (If-None-Match)'),
        ...failureResponses('NOT_FOUND'),
      },
    },
    handler: async (request, reply) => {
      const match = /^([a-z0-9-]{1,40})\.svg$/.exec(request.params.file);
      if (!match?.[1]) throw new DomainError('NOT_FOUND', { reason: 'HOST_NOT_FOUND' });
      const svg = await chatService.liveAvatar(match[1]);
      const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 22)}"`;
      reply.header('etag', etag).header('cache-control', 'public, max-age=31536000, immutable');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('image/svg+xml; charset=utf-8').send(svg);
    },
  });

  app.route({
    ...apiRoute('chatSession'),
    schema: {
      summary: 'Chat page: trade the one-time token of chatUrl for the chat cookie (path /api/chat)',
      description:
        'A used, expired or unknown token, or a session that ended: 401 SESSION_EXPIRED ' +
        '{ reason: CHAT_TOKEN_INVALID }. The cookie lives 4 hours, never beyond the session.',
      tags,
      body: chatSessionRequest,
      response: { 200: successEnvelope(chatSessionResult), ...failureResponses(...SESSION_FAILURES) },
    },
    handler: async (request, reply) => {
      const session = await chatService.openSession(request.body.token);
      cookies.set(reply, session.access, session.expiresAt);
      return ok({ userName: session.userName, expiresAt: session.expiresAt.toISOString() });
    },
  });

  app.route({
    ...apiRoute('chatMessages'),
    preHandler: chatGuard,
    schema: {
      summary: 'Chat page: the conversation, newest page first (beforeId pages back), with the unread count',
      tags,
      querystring: chatHistoryQuery,
      response: { 200: successEnvelope(chatHistory), ...failureResponses(...SESSION_FAILURES) },
    },
    handler: async (request) => ok(await chatService.history(chatMember(request), request.query)),
  });

  app.route({
    ...apiRoute('chatSend'),
    preHandler: chatGuard,
    schema: {
      summary: 'Chat page: send a message to the operators (1–1000 characters, 30 a minute)',
      tags,
      body: chatSendRequest,
      response: { 200: successEnvelope(chatMessage), ...failureResponses(...SESSION_FAILURES) },
    },
    handler: async (request) => ok(await chatService.send(chatMember(request), request.body.body)),
  });

  app.route({
    ...apiRoute('chatRead'),
    preHandler: chatGuard,
    schema: {
      summary: 'Chat page: the member has seen the messages up to lastMessageId; answers the unread count',
      tags,
      body: chatReadRequest,
      response: { 200: successEnvelope(chatUnreadResult), ...failureResponses(...SESSION_FAILURES) },
    },
    handler: async (request) => ok(await chatService.read(chatMember(request), request.body.lastMessageId)),
  });

  app.route({
    ...apiRoute('chatStream'),
    preHandler: chatGuard,
    compress: false,
    schema: {
      summary: 'Chat page: the conversation’s new messages as server-sent events (operator replies live)',
      description:
        'Starts after `after` (or Last-Event-ID on reconnection; else after the latest message). Each event is ' +
        '`message` with a ChatMessage as data and its id as event id; ids may repeat, ignore those you have.',
      tags,
      querystring: chatStreamQuery,
      response: { 200: eventStreamResponse, ...failureResponses(...SESSION_FAILURES) },
    },
    handler: async (request, reply) => {
      const source = await chatService.memberStream(
        chatMember(request),
        resumeAfter(request, request.query.after),
      );
      return sendEventStream(request, reply, { ...source, hub, clock });
    },
  });
};
