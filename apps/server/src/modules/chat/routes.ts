import { createHash } from 'node:crypto';
import { LIVE_AVATAR_PREFIX, chatStreamQuery } from '@kl/contracts/chat';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoute, route } from '../../platform/api-route.ts';
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

  route(app, 'launchChat', {
    summary:
      'Launch live chat (product.md §7): the chat page address with a one-time token, and the unread count',
    description:
      'chatUrl is `/chat/?b2c=1&language=…&backUrl=…&headerColor=…&title=…#token=…`: language uppercase ' +
      '(Chinese variants as CN, CN when absent), backUrl a path of this site (else /m/home), headerColor ' +
      '#rrggbb (else the theme colour), title (else the localised default). The token works once, within 2 ' +
      'minutes. CBS3 off: 403 FEATURE_NOT_ENABLED { reason: CBS3_OFF }; trial members: free_reject.',
    tags,
    security: [{ session: [] }],
    failures: SESSION_FAILURES,
    preHandler: guards.realMember,
    handler: (request, reply) => {
      reply.header('cache-control', 'no-store');
      return chatService.launch(currentMember(request), request.query);
    },
  });

  route(app, 'chatUnread', {
    summary: 'Unread chat count: operator replies the member has not seen (CBS3, non-trial members)',
    tags,
    security: [{ session: [] }],
    failures: SESSION_FAILURES,
    preHandler: guards.realMember,
    handler: (request) => chatService.unread(currentMember(request)),
  });

  route(app, 'liveModels', {
    summary: 'Live model list: the merchant’s live hosts with their avatar and flags (CBS3)',
    description: 'active and streaming (1/0/true/false) filter on the flags; absent means either.',
    tags: ['live'],
    failures: ['FEATURE_NOT_ENABLED'],
    handler: (request) => chatService.liveModels(request.query),
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

  route(app, 'chatSession', {
    summary: 'Chat page: trade the one-time token of chatUrl for the chat cookie (path /api/chat)',
    description:
      'A used, expired or unknown token, or a session that ended: 401 SESSION_EXPIRED ' +
      '{ reason: CHAT_TOKEN_INVALID }. The cookie lives 4 hours, never beyond the session.',
    tags,
    failures: SESSION_FAILURES,
    handler: async (request, reply) => {
      const session = await chatService.openSession(request.body.token);
      cookies.set(reply, session.access, session.expiresAt);
      return { userName: session.userName, expiresAt: session.expiresAt.toISOString() };
    },
  });

  route(app, 'chatMessages', {
    summary: 'Chat page: the conversation, newest page first (beforeId pages back), with the unread count',
    tags,
    failures: SESSION_FAILURES,
    preHandler: chatGuard,
    handler: (request) => chatService.history(chatMember(request), request.query),
  });

  route(app, 'chatSend', {
    summary: 'Chat page: send a message to the operators (1–1000 characters, 30 a minute)',
    tags,
    failures: SESSION_FAILURES,
    preHandler: chatGuard,
    handler: (request) => chatService.send(chatMember(request), request.body.body),
  });

  route(app, 'chatRead', {
    summary: 'Chat page: the member has seen the messages up to lastMessageId; answers the unread count',
    tags,
    failures: SESSION_FAILURES,
    preHandler: chatGuard,
    handler: (request) => chatService.read(chatMember(request), request.body.lastMessageId),
  });

  // Server-sent events, not an envelope: registered by hand (raw call of the API table).
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
