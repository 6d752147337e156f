import { API, SESSION_COOKIE, successEnvelope } from '@kl/contracts';
import { adminCalls } from '@kl/contracts/admin/calls';
import {
  CHAT_COOKIE,
  chatHistory,
  chatLanguage,
  chatMessage,
  chatUnreadResult,
  launchChatResult,
  liveModelList,
  type ChatMessage,
} from '@kl/contracts/chat';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  type Caller,
  freshIp,
  freshUsername,
  registerByUsername,
  sessionCookieOf,
} from '../../test/accounts.ts';
import { answerValue } from '../../test/answers.ts';
import { buildTestApp, json } from '../../test/app.ts';
import { pathOf, useBackOfficeSuite } from '../../test/back-office.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { CHAT_CHANNEL } from './live-hub.ts';
import { headerColorOf } from './service.ts';
import { eventReader, openGet } from './testing.ts';

/** A bearer token of the kind the retired operator page took (docs/decisions/048-operator-sessions-only.md). */
const BEARER = { authorization: 'Bearer chat-operator-test-token' };

interface Member extends Caller {
  cookie: string;
  username: string;
  /** The chat cookie, once traded. */
  chat?: string;
}

const failure = (response: LightMyRequestResponse) =>
  json<{ success: boolean; code: string; message: string; value?: Record<string, unknown> }>(response);

/** The value of a Set-Cookie of `name`, with its attributes. */
function setCookie(response: LightMyRequestResponse, name: string): string | undefined {
  const header = response.headers['set-cookie'];
  const cookies = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return cookies.find((cookie) => cookie.startsWith(`${name}=`));
}
const cookieValue = (line: string | undefined) =>
  decodeURIComponent(line?.split(';')[0]?.split('=')[1] ?? '');

describe('chat language (product.md §7)', () => {
  it('is uppercase, Chinese variants as CN, CN when absent', () => {
    expect(chatLanguage('vi')).toBe('VI');
    expect(chatLanguage('en-US')).toBe('EN');
    expect(chatLanguage('zh-CN')).toBe('CN');
    expect(chatLanguage('zh_cn')).toBe('CN');
    expect(chatLanguage('ZH-Hans')).toBe('CN');
    expect(chatLanguage('cn')).toBe('CN');
    expect(chatLanguage('zh-TW')).toBe('TW');
    expect(chatLanguage(undefined)).toBe('CN');
    expect(chatLanguage('')).toBe('CN');
    expect(chatLanguage('xx')).toBe('EN');
  });

  it('normalises header colours', () => {
    expect(headerColorOf('#ABC')).toBe('#aabbcc');
    expect(headerColorOf('0a1B2c')).toBe('#0a1b2c');
    expect(headerColorOf('red')).toBeUndefined();
    expect(headerColorOf('#12345')).toBeUndefined();
  });
});

describeEachDatabase('live chat', (kind) => {
  // Operators answer in the back office's live chat console, signed in as themselves.
  const {
    suite,
    operators,
    request: adminCall,
  } = useBackOfficeSuite(kind, { support: 'support' }, { config: { devOutbox: true } });
  const { database, time, setMerchant } = suite;
  let alice: Member;
  let bob: Member;

  beforeAll(async () => {
    alice = await registerMember('alice');
    bob = await registerMember('bob');
    await openChat(alice);
    await openChat(bob);
    // The console lists the conversations that have a message.
    await sendAs(bob, 'Xin chào');
  });

  const registerMember = (prefix: string): Promise<Member> =>
    registerByUsername(suite.app, { username: freshUsername(prefix) });

  const launch = (caller: Caller, query: Record<string, string> = {}) =>
    call(suite.app, API.launchChat, caller, { query });
  const tokenOf = (chatUrl: string) => /#token=(.+)$/.exec(chatUrl)?.[1] ?? '';
  const exchange = (token: string, ip = freshIp()) =>
    call(suite.app, API.chatSession, { ip }, { payload: { token } });

  /** Launches chat for the member and trades the token for the chat cookie. */
  async function openChat(member: Member): Promise<void> {
    const launched = successEnvelope(launchChatResult).parse(json(await launch(member))).value;
    const response = await exchange(tokenOf(launched.chatUrl), member.ip);
    expect(response.statusCode, response.body).toBe(200);
    member.chat = cookieValue(setCookie(response, CHAT_COOKIE));
  }

  /** A call of the chat page: the chat cookie only. */
  function chatCall(
    member: Pick<Member, 'ip' | 'chat'>,
    entry: { method: string; path: string },
    options: { payload?: unknown; query?: Record<string, string> } = {},
  ) {
    return suite.app.inject({
      method: entry.method as 'GET',
      url: entry.path,
      remoteAddress: member.ip,
      headers: { 'accept-language': 'en', ...(member.chat && { cookie: `${CHAT_COOKIE}=${member.chat}` }) },
      ...(options.query && { query: options.query }),
      ...(options.payload !== undefined && { payload: options.payload as object }),
    });
  }

  const sendAs = async (member: Member, body: string): Promise<ChatMessage> => {
    const response = await chatCall(member, API.chatSend, { payload: { body } });
    expect(response.statusCode, response.body).toBe(200);
    return successEnvelope(chatMessage).parse(json(response)).value;
  };
  const conversations = async () =>
    answerValue(
      adminCalls.adminChats,
      await adminCall(adminCalls.adminChats, operators.support, { query: { pageSize: '100' } }),
    ).list;
  const conversationOf = async (member: Member) => {
    const found = (await conversations()).find((item) => item.memberUsername === member.username);
    if (!found) throw new Error(`no conversation of ${member.username}`);
    return found;
  };
  /** The support operator's reply in the console, as the member's chat receives it. */
  const reply = async (conversationId: string, body: string): Promise<ChatMessage> => {
    const response = await adminCall(adminCalls.adminChatReply, operators.support, {
      params: { conversationId },
      payload: { body },
    });
    const { operatorName, ...message } = answerValue(adminCalls.adminChatReply, response);
    expect(operatorName).toBe(operators.support.username);
    return message;
  };
  const unreadOf = async (member: Member) => {
    const response = await call(suite.app, API.chatUnread, member);
    expect(response.statusCode, response.body).toBe(200);
    return successEnvelope(chatUnreadResult).parse(json(response)).value.unReadCount;
  };

  describe('launch-chat', () => {
    it('answers chatUrl with b2c, language, backUrl, headerColor, title and a one-time token', async () => {
      const response = await launch(alice, {
        language: 'zh-CN',
        backUrl: '/m/member/home?tab=1',
        headerColor: '#ABC',
        title: 'Hỗ trợ 24/7',
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const { chatUrl, unReadCount } = successEnvelope(launchChatResult).parse(json(response)).value;
      expect(unReadCount).toBe(0);
      const url = new URL(chatUrl, 'http://site.test');
      expect(url.pathname).toBe('/chat/');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        b2c: '1',
        language: 'CN',
        backUrl: '/m/member/home?tab=1',
        headerColor: '#aabbcc',
        title: 'Hỗ trợ 24/7',
      });
      expect(url.hash).toMatch(/^#token=[A-Za-z0-9_-]{32}$/);
      // The session token never travels in it.
      expect(chatUrl).not.toContain(alice.cookie);
    });

    it('uppercases the language, defaults to CN and keeps the page on this site', async () => {
      const params = async (query: Record<string, string>) =>
        new URL(
          successEnvelope(launchChatResult).parse(json(await launch(alice, query))).value.chatUrl,
          'http://x',
        ).searchParams;
      const english = await params({ language: 'en', backUrl: 'https://evil.example/', headerColor: 'red' });
      expect(english.get('language')).toBe('EN');
      expect(english.get('backUrl')).toBe('/m/home');
      expect(english.get('headerColor')).toBe('#d4a017');
      expect(english.get('title')).toBe('Customer service');
      const vietnamese = await params({ language: 'vi', backUrl: '//evil.example/x' });
      expect(vietnamese.get('language')).toBe('VI');
      expect(vietnamese.get('backUrl')).toBe('/m/home');
      expect(vietnamese.get('title')).toBe('Chăm sóc khách hàng');
      expect((await params({})).get('language')).toBe('CN');
    });

    it('is refused when the merchant has CBS3 off', async () => {
      await setMerchant({ CBS3: false });
      try {
        const response = await launch(alice);
        expect(response.statusCode).toBe(403);
        expect(failure(response)).toMatchObject({
          code: 'FEATURE_NOT_ENABLED',
          value: { reason: 'CBS3_OFF' },
        });
        expect(failure(await call(suite.app, API.chatUnread, alice)).code).toBe('FEATURE_NOT_ENABLED');
        expect(failure(await chatCall(alice, API.chatMessages)).code).toBe('FEATURE_NOT_ENABLED');
        expect(failure(await call(suite.app, API.liveModels, alice)).code).toBe('FEATURE_NOT_ENABLED');
      } finally {
        await setMerchant({ CBS3: true });
      }
      expect((await launch(alice)).statusCode).toBe(200);
    });

    it('refuses trial members with free_reject and visitors with NOT_LOGGED_IN', async () => {
      const ip = freshIp();
      const trial = { ip, cookie: sessionCookieOf(await call(suite.app, API.trialLogin, { ip })) ?? '' };
      const refused = await launch(trial);
      expect(refused.statusCode).toBe(403);
      expect(failure(refused)).toMatchObject({
        code: 'FEATURE_NOT_ENABLED',
        value: { reason: 'free_reject' },
      });
      expect(failure(await call(suite.app, API.chatUnread, trial)).value).toEqual({ reason: 'free_reject' });
      expect((await launch({ ip: freshIp() })).statusCode).toBe(401);
    });
  });

  describe('the chat token', () => {
    it('is traded once for an HttpOnly chat cookie scoped to /api/chat', async () => {
      const member = await registerMember('tok');
      const token = tokenOf(
        successEnvelope(launchChatResult).parse(json(await launch(member))).value.chatUrl,
      );
      const first = await exchange(token);
      expect(first.statusCode).toBe(200);
      expect(json<{ value: { userName: string } }>(first).value.userName).toBe(member.username);
      const line = setCookie(first, CHAT_COOKIE) ?? '';
      expect(line).toContain('Path=/api/chat;');
      expect(line).toContain('HttpOnly');
      expect(line).toContain('SameSite=Strict');
      expect(cookieValue(line)).not.toBe(member.cookie);
      expect(setCookie(first, SESSION_COOKIE)).toBeUndefined();

      const again = await exchange(token);
      expect(again.statusCode).toBe(401);
      expect(failure(again)).toMatchObject({
        code: 'SESSION_EXPIRED',
        value: { reason: 'CHAT_TOKEN_INVALID' },
      });
    });

    it('expires after two minutes', async () => {
      const token = tokenOf(successEnvelope(launchChatResult).parse(json(await launch(alice))).value.chatUrl);
      time.advance(2 * 60_000 + 1);
      expect((await exchange(token)).statusCode).toBe(401);
    });

    it('and its cookie end with the session (logout)', async () => {
      const member = await registerMember('out');
      await openChat(member);
      expect((await chatCall(member, API.chatMessages)).statusCode).toBe(200);
      expect((await call(suite.app, API.logout, member)).statusCode).toBe(200);
      const after = await chatCall(member, API.chatMessages);
      expect(after.statusCode).toBe(401);
      expect(failure(after).code).toBe('SESSION_EXPIRED');
    });

    it('is the only way in: the session cookie alone does not open the chat calls', async () => {
      const response = await call(suite.app, API.chatMessages, alice);
      expect(response.statusCode).toBe(401);
      expect(failure(response)).toMatchObject({
        code: 'NOT_LOGGED_IN',
        value: { reason: 'CHAT_COOKIE_MISSING' },
      });
      expect((await chatCall({ ip: freshIp(), chat: 'forged-value' }, API.chatMessages)).statusCode).toBe(
        401,
      );
    });
  });

  describe('messages', () => {
    it('a member message reaches the console’s list and conversation', async () => {
      const sent = await sendAs(alice, 'Xin chào, tôi cần hỗ trợ nạp tiền');
      expect(sent).toMatchObject({ sender: 'member', body: 'Xin chào, tôi cần hỗ trợ nạp tiền' });
      const conversation = await conversationOf(alice);
      expect(conversation.lastMessage).toEqual({ ...sent, operatorName: null });
      expect(conversation).toMatchObject({ status: 'waiting' });
      expect(conversation.unreadCount).toBeGreaterThanOrEqual(1);

      const detail = answerValue(
        adminCalls.adminChat,
        await adminCall(adminCalls.adminChat, operators.support, {
          params: { conversationId: conversation.id },
        }),
      );
      expect(detail.messages.at(-1)).toEqual({ ...sent, operatorName: null });
    });

    it('unread count rises with operator replies and clears when the member has seen them', async () => {
      const member = await registerMember('unread');
      await openChat(member);
      await sendAs(member, 'Có ai không?');
      const { id } = await conversationOf(member);
      expect(await unreadOf(member)).toBe(0);

      await reply(id, 'Chào bạn, tôi có thể giúp gì?');
      const last = await reply(id, 'Bạn cần hỗ trợ nạp tiền phải không?');
      expect(await unreadOf(member)).toBe(2);
      expect(successEnvelope(launchChatResult).parse(json(await launch(member))).value.unReadCount).toBe(2);

      const page = successEnvelope(chatHistory).parse(json(await chatCall(member, API.chatMessages))).value;
      expect(page.unReadCount).toBe(2);
      expect(page.messages.map((message) => message.sender)).toEqual(['member', 'operator', 'operator']);

      // A read marker beyond the last message is held at it.
      const read = await chatCall(member, API.chatRead, { payload: { lastMessageId: last.id + 1000 } });
      expect(json<{ value: { unReadCount: number } }>(read).value.unReadCount).toBe(0);
      expect(await unreadOf(member)).toBe(0);
      const next = await reply(id, 'Còn gì nữa không?');
      expect(next.id).toBeGreaterThan(last.id);
      expect(await unreadOf(member)).toBe(1);
    });

    it('one member cannot read another’s conversation', async () => {
      const secret = await sendAs(alice, 'Số tài khoản của tôi là 0123456789');
      const bobsPage = successEnvelope(chatHistory).parse(json(await chatCall(bob, API.chatMessages))).value;
      expect(bobsPage.messages.some((message) => message.id === secret.id)).toBe(false);
      // Bob's chat cookie is not an operator's session, nor is his own session.
      const url = pathOf(adminCalls.adminChat, { conversationId: (await conversationOf(alice)).id });
      for (const cookie of [`${CHAT_COOKIE}=${bob.chat}`, `${SESSION_COOKIE}=${bob.cookie}`]) {
        const asOperator = await suite.app.inject({ url, remoteAddress: bob.ip, headers: { cookie } });
        expect(asOperator.statusCode, cookie).toBe(401);
      }
    });

    it('checks message length and pages history', async () => {
      expect(failure(await chatCall(alice, API.chatSend, { payload: { body: '   ' } })).code).toBe(
        'INVALID_INPUT',
      );
      expect(failure(await chatCall(alice, API.chatSend, { payload: { body: 'x'.repeat(1001) } })).code).toBe(
        'INVALID_INPUT',
      );
      const member = await registerMember('page');
      await openChat(member);
      for (let index = 1; index <= 5; index += 1) await sendAs(member, `message ${index}`);
      const latest = successEnvelope(chatHistory).parse(
        json(await chatCall(member, API.chatMessages, { query: { limit: '2' } })),
      ).value;
      expect(latest.messages.map((message) => message.body)).toEqual(['message 4', 'message 5']);
      expect(latest.hasMore).toBe(true);
      const older = successEnvelope(chatHistory).parse(
        json(
          await chatCall(member, API.chatMessages, {
            query: { limit: '10', beforeId: String(latest.messages[0]?.id) },
          }),
        ),
      ).value;
      expect(older.messages.map((message) => message.body)).toEqual(['message 1', 'message 2', 'message 3']);
      expect(older.hasMore).toBe(false);
    });
  });

  describe('the shared-token operator page and calls', () => {
    it('are gone: a bearer token opens nothing, and the page is not served', async () => {
      const { id } = await conversationOf(alice);
      const calls = [
        { method: 'POST', url: '/api/chat/ops/session' },
        { method: 'GET', url: '/api/chat/ops/conversations' },
        { method: 'GET', url: `/api/chat/ops/messages?conversationId=${id}` },
        { method: 'POST', url: '/api/chat/ops/messages', payload: { conversationId: id, body: 'hi' } },
        { method: 'POST', url: '/api/chat/ops/read', payload: { conversationId: id, lastMessageId: 1 } },
        { method: 'GET', url: '/api/chat/ops/stream' },
        { method: 'GET', url: '/chat/operator' },
        { method: 'GET', url: '/chat/assets/operator-page.js' },
      ] as const;
      for (const { method, url, ...rest } of calls) {
        const response = await suite.app.inject({ method, url, headers: BEARER, ...rest });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
    });
  });

  describe('live delivery (a real listening server)', () => {
    let base: string;
    beforeAll(async () => {
      // Fresh chat cookies for the streams.
      await openChat(alice);
      await openChat(bob);
      await suite.app.listen({ port: 0, host: '127.0.0.1' });
      const address = suite.app.server.address();
      if (address === null || typeof address === 'string') throw new Error('no port');
      base = `http://127.0.0.1:${address.port}`;
    });

    it('an operator reply arrives on the member’s stream', async () => {
      const { id } = await conversationOf(alice);
      const { response, close } = await openGet(`${base}${API.chatStream.path}`, {
        cookie: `${CHAT_COOKIE}=${alice.chat}`,
        'accept-encoding': 'gzip, br',
        'x-module-id': 'CBS3',
      });
      try {
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
        expect(response.headers['content-encoding']).toBeUndefined();
        const events = eventReader(response);
        const sent = await reply(id, 'Giao dịch của bạn đã được xử lý');
        const received = await events.next<ChatMessage>((message) => message.id === sent.id);
        expect(chatMessage.parse(received)).toEqual(sent);
        // The member's own messages from another tab arrive too.
        const own = await sendAs(alice, 'Cảm ơn!');
        expect(await events.next<ChatMessage>((message) => message.id === own.id)).toEqual(own);
      } finally {
        close();
      }
    });

    it('resumes after Last-Event-ID and never carries another member’s messages', async () => {
      const { id } = await conversationOf(bob);
      const missed = await reply(id, 'Tin nhắn khi bạn vắng mặt');
      const { response, close } = await openGet(`${base}${API.chatStream.path}`, {
        cookie: `${CHAT_COOKIE}=${bob.chat}`,
        'last-event-id': String(missed.id - 1),
      });
      try {
        const events = eventReader(response);
        expect(await events.next<ChatMessage>((message) => message.id === missed.id)).toEqual(missed);
        const alices = await sendAs(alice, 'only for the operators');
        const bobs = await sendAs(bob, 'after alice');
        const seen = await events.next<ChatMessage>((message) => message.id >= alices.id);
        expect(seen.id).toBe(bobs.id);
      } finally {
        close();
      }
    });

    it('refuses a stream without a chat cookie', async () => {
      const { response } = await openGet(`${base}${API.chatStream.path}`, { 'accept-language': 'en' });
      expect(response.statusCode).toBe(401);
      expect((JSON.parse(await eventReader(response).text()) as { code: string }).code).toBe('NOT_LOGGED_IN');
    });
  });

  describe('across API processes (two apps on one database, each with its own hub and listener)', () => {
    /** A wake-up must come from a notification: the streams no longer poll (it took 3 s). */
    const PROMPT_MS = 500;
    let other: FastifyInstance;
    let otherBase: string;
    /** While true, the other app's chat listener misses every notification (a lost connection). */
    let deaf = false;
    let reconnect: (() => void) | undefined;

    beforeAll(async () => {
      await openChat(alice);
      await openChat(bob);
      const shared = database.current;
      const { listen } = shared;
      if (!listen) throw new Error('the test database cannot listen');
      other = await buildTestApp(
        {
          ...shared,
          listen: async (channel, onPayload, onReconnect) => {
            if (channel !== CHAT_CHANNEL) return listen(channel, onPayload, onReconnect);
            reconnect = onReconnect;
            return listen(channel, (payload) => deaf || onPayload(payload), onReconnect);
          },
        },
        { clock: time.clock },
      );
      await other.listen({ port: 0, host: '127.0.0.1' });
      const address = other.server.address();
      if (address === null || typeof address === 'string') throw new Error('no port');
      otherBase = `http://127.0.0.1:${address.port}`;
    });
    afterAll(() => other.close());

    const memberStream = (member: Member, headers: Record<string, string> = {}) =>
      openGet(`${otherBase}${API.chatStream.path}`, { cookie: `${CHAT_COOKIE}=${member.chat}`, ...headers });

    it('a reply stored by one app reaches the member’s stream held by the other at once', async () => {
      const { id } = await conversationOf(alice);
      const { response, close } = await memberStream(alice);
      try {
        expect(response.statusCode).toBe(200);
        const events = eventReader(response);
        for (const body of ['Xin chào từ máy chủ kia', 'và thêm một tin nữa']) {
          const sent = await reply(id, body);
          expect(await events.next<ChatMessage>((message) => message.id === sent.id, PROMPT_MS)).toEqual(
            sent,
          );
        }
      } finally {
        close();
      }
    });

    it('a stream resumed with Last-Event-ID loses nothing sent by the other app meanwhile', async () => {
      const { id } = await conversationOf(bob);
      const first = await memberStream(bob);
      const before = await reply(id, 'trước khi mất kết nối');
      const seen = await eventReader(first.response).next<ChatMessage>(
        (message) => message.id === before.id,
        PROMPT_MS,
      );
      first.close();
      const missed = [
        await reply(id, 'khi vắng 1'),
        await sendAs(bob, 'khi vắng 2'),
        await reply(id, 'khi vắng 3'),
      ];
      const { response, close } = await memberStream(bob, { 'last-event-id': String(seen.id) });
      try {
        const events = eventReader(response);
        // The look-back may send recent messages again: a client skips the ids it has.
        let last = seen.id;
        const fresh = async () => {
          const message = await events.next<ChatMessage>((item) => item.id > last, PROMPT_MS);
          last = message.id;
          return message;
        };
        for (const message of missed) expect(await fresh()).toEqual(message);
        const live = await reply(id, 'sau khi nối lại');
        expect(await fresh()).toEqual(live);
      } finally {
        close();
      }
    });

    it('when its listening connection is back, the other app wakes every open stream once', async () => {
      const { id } = await conversationOf(alice);
      const member = await memberStream(alice);
      const other = await memberStream(bob);
      try {
        const memberEvents = eventReader(member.response);
        const otherEvents = eventReader(other.response);
        // Both streams are open (each answers a first message) before the connection is lost.
        const opened = await reply(id, 'kết nối ổn định');
        await memberEvents.next<ChatMessage>((message) => message.id === opened.id, PROMPT_MS);
        const bobs = await reply((await conversationOf(bob)).id, 'kết nối ổn định');
        await otherEvents.next<ChatMessage>((message) => message.id === bobs.id, PROMPT_MS);
        deaf = true;
        const lost = [await reply(id, 'khi mất kết nối'), await sendAs(alice, 'tôi vẫn ở đây')];
        const bobLost = await sendAs(bob, 'tôi cũng vậy');
        // Still deaf: only the wake-up of the reconnection can bring them.
        if (!reconnect) throw new Error('the other app does not listen on the chat channel');
        reconnect();
        for (const message of lost) {
          expect(await memberEvents.next<ChatMessage>(() => true, PROMPT_MS)).toEqual(message);
        }
        expect(await otherEvents.next<ChatMessage>(() => true, PROMPT_MS)).toEqual(bobLost);
      } finally {
        deaf = false;
        member.close();
        other.close();
      }
    });
  });

  describe('pages', () => {
    it('serves the member page localised from the address, escaped, with no inline script', async () => {
      const response = await suite.app.inject({
        url: '/chat/?b2c=1&language=VI&backUrl=javascript:alert(1)&headerColor=%23ffffff&title=%3Cscript%3Ex%3C/script%3E',
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      const html = response.body;
      expect(html).toContain('<html lang="vi">');
      expect(html).toContain('Quay lại');
      expect(html).toContain('href="/m/home"');
      expect(html).toContain('&#60;script&#62;x&#60;/script&#62;');
      expect(html).not.toContain('<script>');
      // Every script is a file of this site: what both chat pages share, then the member page's own.
      expect([...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0])).toEqual([
        expect.stringMatching(/^<script src="\/chat\/assets\/chat-common\.js\?v=[\w-]+" defer>$/),
        expect.stringMatching(/^<script src="\/chat\/assets\/chat-page\.js\?v=[\w-]+" defer>$/),
      ]);
      // Dark text on a white header.
      expect(html).toContain('background-color: #ffffff; color: #1d1d1f');

      const english = await suite.app.inject({ url: '/chat/?language=EN' });
      expect(english.body).toContain('<html lang="en">');
      expect(english.body).toContain('Customer service');
    });

    it('serves the page scripts and the stylesheet', async () => {
      const html = (await suite.app.inject({ url: '/chat/?language=EN' })).body;
      const src = /src="([^"]+chat-page\.js[^"]*)"/.exec(html)?.[1] ?? '';
      const script = await suite.app.inject({ url: src });
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(script.headers['cache-control']).toContain('immutable');
      expect(script.body).toContain('/api/chat/stream');
      const css = await suite.app.inject({ url: '/chat/assets/chat.css' });
      expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
      expect((await suite.app.inject({ url: '/chat/assets/other.js' })).statusCode).toBe(404);
    });
  });

  describe('live model list', () => {
    it('answers the seeded hosts with generated avatars, filtered by active and streaming', async () => {
      const all = successEnvelope(liveModelList).parse(
        json(await call(suite.app, API.liveModels, { ip: freshIp() })),
      ).value.list;
      expect(all.length).toBeGreaterThanOrEqual(8);
      expect(all.some((host) => !host.active)).toBe(true);
      const streaming = successEnvelope(liveModelList).parse(
        json(
          await call(
            suite.app,
            API.liveModels,
            { ip: freshIp() },
            { query: { active: '1', streaming: 'true' } },
          ),
        ),
      ).value.list;
      expect(streaming.length).toBeGreaterThan(0);
      expect(streaming.length).toBeLessThan(all.length);
      expect(streaming.every((host) => host.active && host.streaming)).toBe(true);

      const first = streaming[0];
      expect(first?.avatar).toMatch(/^\/api\/live\/avatars\/[a-z0-9-]+\.svg\?v=/);
      const avatar = await suite.app.inject({ url: first?.avatar ?? '' });
      expect(avatar.statusCode).toBe(200);
      expect(avatar.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(avatar.body).toContain('<svg');
      expect(avatar.body).toContain(first?.name ?? '');
      expect((await suite.app.inject({ url: '/api/live/avatars/nobody.svg' })).statusCode).toBe(404);
      expect(
        (await call(suite.app, API.liveModels, { ip: freshIp() }, { query: { active: 'maybe' } })).statusCode,
      ).toBe(400);
    });
  });
});
