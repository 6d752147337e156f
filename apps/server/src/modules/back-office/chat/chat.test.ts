import { API } from '@kl/contracts';
import { adminCalls } from '@kl/contracts/admin/calls';
import { CHAT_COOKIE } from '@kl/contracts/chat';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { call } from '../../../test/accounts.ts';
import { answerValue, expectFailure } from '../../../test/answers.ts';
import { newOperator, useBackOfficeSuite } from '../../../test/back-office.ts';
import { describeEachDatabase } from '../../../test/databases.ts';

describeEachDatabase('back-office live chat', (kind) => {
  const { suite, operators, request } = useBackOfficeSuite(kind, { support: 'support', owner: 'owner' });

  /** A member with the chat page open: the chat cookie their launch-chat token bought. */
  async function chattingMember() {
    const { row, caller } = await suite.newMember();
    const launched = answerValue(API.launchChat, await call(suite.app, API.launchChat, caller));
    const token = /#token=(.+)$/.exec(launched.chatUrl)?.[1] ?? '';
    const opened = await call(suite.app, API.chatSession, caller, { payload: { token } });
    expect(opened.statusCode, opened.body).toBe(200);
    const header = opened.headers['set-cookie'];
    const line = (Array.isArray(header) ? header : [header]).find((cookie) =>
      cookie?.startsWith(CHAT_COOKIE),
    );
    const chat = decodeURIComponent(line?.split(';')[0]?.split('=')[1] ?? '');
    return { username: row.username, caller, chat };
  }
  type Chatting = Awaited<ReturnType<typeof chattingMember>>;

  const chatPage = (
    member: Chatting,
    entry: { method: string; path: string },
    payload?: object,
  ): Promise<LightMyRequestResponse> =>
    suite.app.inject({
      method: entry.method as 'GET',
      url: entry.path,
      remoteAddress: member.caller.ip,
      headers: { cookie: `${CHAT_COOKIE}=${member.chat}` },
      ...(payload && { payload }),
    });
  const say = async (member: Chatting, body: string) => {
    answerValue(API.chatSend, await chatPage(member, API.chatSend, { body }));
    suite.time.advance(1_000);
  };
  const listed = async (status?: string, operator = operators.support) =>
    answerValue(
      adminCalls.adminChats,
      await request(adminCalls.adminChats, operator, {
        query: { pageSize: '100', ...(status && { status }) },
      }),
    ).list;
  const conversationOf = async (member: Chatting) => {
    const found = (await listed()).find((item) => item.memberUsername === member.username);
    if (!found) throw new Error(`no conversation of ${member.username}`);
    return found;
  };
  const reply = (conversationId: string, body: unknown, operator = operators.support) =>
    request(adminCalls.adminChatReply, operator, {
      params: { conversationId },
      payload: { body },
    });
  const close = (conversationId: string, operator = operators.support) =>
    request(adminCalls.adminCloseChat, operator, { params: { conversationId } });

  it('shows a member’s message in the console and delivers the operator’s reply to the member’s chat', async () => {
    const member = await chattingMember();
    const quiet = await chattingMember();
    await say(member, 'Tôi chưa nhận được tiền nạp');

    const waiting = await listed('waiting');
    const mine = waiting.find((item) => item.memberUsername === member.username);
    expect(mine).toMatchObject({
      status: 'waiting',
      unreadCount: 1,
      closedAt: null,
      lastMessage: { sender: 'member', body: 'Tôi chưa nhận được tiền nạp', operatorName: null },
    });
    // A member who only opened the chat page has no conversation to list.
    expect((await listed()).map((item) => item.memberUsername)).not.toContain(quiet.username);
    const id = mine?.id ?? '';

    const sent = answerValue(adminCalls.adminChatReply, await reply(id, '  Chào bạn, tôi kiểm tra ngay  '));
    expect(sent).toMatchObject({
      sender: 'operator',
      body: 'Chào bạn, tôi kiểm tra ngay',
      operatorName: operators.support.username,
    });

    // The member's side: the reply in their chat, as a customer service message, and unread.
    const history = answerValue(API.chatMessages, await chatPage(member, API.chatMessages));
    expect(history.messages.map(({ sender, body }) => ({ sender, body }))).toEqual([
      { sender: 'member', body: 'Tôi chưa nhận được tiền nạp' },
      { sender: 'operator', body: 'Chào bạn, tôi kiểm tra ngay' },
    ]);
    expect(history.unReadCount).toBe(1);
    expect(
      answerValue(API.chatUnread, await call(suite.app, API.chatUnread, member.caller)).unReadCount,
    ).toBe(1);

    // The console: open now, nothing unread, the reply named by its operator.
    const detail = answerValue(
      adminCalls.adminChat,
      await request(adminCalls.adminChat, operators.support, { params: { conversationId: id } }),
    );
    expect(detail.conversation).toMatchObject({
      id,
      memberUsername: member.username,
      status: 'open',
      unreadCount: 0,
    });
    expect(detail.messages.map((message) => message.operatorName)).toEqual([
      null,
      operators.support.username,
    ]);
    expect(detail.hasMore).toBe(false);
    expect((await listed('waiting')).map((item) => item.id)).not.toContain(id);
    expect((await listed('open')).map((item) => item.id)).toContain(id);

    // Newest activity first.
    await say(quiet, 'Xin chào');
    const [newest] = await listed();
    expect(newest?.memberUsername).toBe(quiet.username);
  });

  it('closes a conversation, which the member’s next message opens again; both audited without the text', async () => {
    const member = await chattingMember();
    await say(member, 'Cảm ơn, đã xong');
    const { id } = await conversationOf(member);
    answerValue(adminCalls.adminChatReply, await reply(id, 'Rất vui được hỗ trợ'));

    suite.time.advance(1_000);
    await say(member, 'Tạm biệt');
    const closed = answerValue(adminCalls.adminCloseChat, await close(id));
    // Closing reads the member's last words: nothing waits for an answer (the dashboard counts none).
    expect(closed).toMatchObject({
      id,
      status: 'closed',
      unreadCount: 0,
      closedAt: suite.time.clock().toISOString(),
    });
    // Closing again changes nothing.
    expect(answerValue(adminCalls.adminCloseChat, await close(id))).toEqual(closed);
    expect((await listed('closed')).map((item) => item.id)).toContain(id);
    expect((await listed('open')).map((item) => item.id)).not.toContain(id);

    suite.time.advance(60_000);
    await say(member, 'Cho tôi hỏi thêm');
    expect(await conversationOf(member)).toMatchObject({ status: 'waiting', closedAt: null, unreadCount: 1 });

    const audit = answerValue(
      adminCalls.adminAudit,
      await request(adminCalls.adminAudit, operators.owner, { query: { target: id, pageSize: '100' } }),
    ).list;
    expect(audit.map((entry) => entry.action)).toEqual(['chat.close', 'chat.reply']);
    expect(audit[0]).toMatchObject({
      operatorUsername: operators.support.username,
      targetType: 'chat_conversation',
      targetId: id,
      before: { status: 'waiting' },
      after: { status: 'closed' },
    });
    expect(audit[1]).toMatchObject({ before: { status: 'waiting' }, after: { status: 'open' } });
    expect(JSON.stringify(audit)).not.toContain('Rất vui');
  });

  it('refuses an empty reply, answers 404 for an unknown conversation, and 403 to roles without chat', async () => {
    const member = await chattingMember();
    await say(member, 'Alo');
    const { id } = await conversationOf(member);
    expectFailure(await reply(id, '   '), 400, 'INVALID_INPUT');
    expectFailure(await reply(id, 'x'.repeat(1_001)), 400, 'INVALID_INPUT');
    const unknown = '00000000-0000-4000-8000-000000000000';
    expectFailure(await reply(unknown, 'Xin chào'), 404, 'NOT_FOUND');
    expectFailure(await close(unknown), 404, 'NOT_FOUND');
    expectFailure(
      await request(adminCalls.adminChat, operators.support, { params: { conversationId: 'nope' } }),
      400,
      'INVALID_INPUT',
    );
    const readOnly = await newOperator(suite, 'support', { readOnly: true });
    expect((await listed(undefined, readOnly)).length).toBeGreaterThan(0);
    expectFailure(await reply(id, 'Xin chào', readOnly), 403, 'PERMISSION_DENIED');
    const finance = await newOperator(suite, 'finance');
    expectFailure(await request(adminCalls.adminChats, finance), 403, 'PERMISSION_DENIED');
    // Nothing was sent.
    expect(answerValue(API.chatMessages, await chatPage(member, API.chatMessages)).messages).toHaveLength(1);
  });
});
