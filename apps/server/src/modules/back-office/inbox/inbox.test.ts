import { API } from '@kl/contracts';
import { TRIAL_MEMBER_TYPE } from '@kl/contracts/accounts';
import { adminCalls } from '@kl/contracts/admin/calls';
import { and, count, eq, ne } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { inboxMessage, member } from '../../../db/schema/index.ts';
import { call } from '../../../test/accounts.ts';
import { answerValue, expectFailure } from '../../../test/answers.ts';
import { newOperator, useBackOfficeSuite } from '../../../test/back-office.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import type { MemberCaller } from '../../../test/suite.ts';

describeEachDatabase('back-office inbox messages', (kind) => {
  const { suite, operators, request } = useBackOfficeSuite(kind, { editor: 'content', owner: 'owner' });
  type Member = { id: string; username: string; caller: MemberCaller };
  let alice: Member;
  let bob: Member;
  /** Paid deposits of 1 000 000: VIP level 1 (Bronze) of the seeded levels. */
  let bronze: Member;

  const memberOf = async (overrides = {}): Promise<Member> => {
    const { row, caller } = await suite.newMember(overrides);
    return { id: row.id, username: row.username, caller };
  };

  beforeAll(async () => {
    alice = await memberOf();
    bob = await memberOf();
    bronze = await memberOf();
    await suite.fund(bronze.id, 1_000_000);
  });

  const send = (payload: object, operator = operators.editor) =>
    request(adminCalls.adminSendInbox, operator, { payload });
  const titlesOf = async (who: Member, lang: 'vi' | 'en' = 'vi') =>
    answerValue(
      API.inboxList,
      await call(suite.app, API.inboxList, who.caller, { query: { pageSize: '100', lang } }),
    ).list.map((message) => message.title);
  /** Members of the merchant who have an inbox (every one but trial members, disabled ones too). */
  const realMembers = async () => {
    const [row] = await suite.database.current.db
      .select({ n: count() })
      .from(member)
      .where(and(eq(member.merchantCode, 'kimlong'), ne(member.type, TRIAL_MEMBER_TYPE)));
    return row?.n ?? 0;
  };

  it('puts a message to one member in that member’s inbox only, and lists the send', async () => {
    const sent = answerValue(
      adminCalls.adminSendInbox,
      await send({
        title: { vi: 'Thưởng riêng cho bạn', en: 'A bonus for you' },
        content: { vi: '<p>Nhận ngay 50.000</p>' },
        audience: { kind: 'member', username: alice.username.toUpperCase() },
      }),
    );
    expect(sent).toMatchObject({
      audience: 'member',
      memberUsername: alice.username,
      vipLevel: null,
      recipients: 1,
      operatorUsername: operators.editor.username,
      sentAt: suite.time.clock().toISOString(),
    });
    expect(await titlesOf(alice)).toContain('Thưởng riêng cho bạn');
    expect(await titlesOf(alice, 'en')).toContain('A bonus for you');
    expect(await titlesOf(bob)).not.toContain('Thưởng riêng cho bạn');
    const opened = answerValue(
      API.inboxList,
      await call(suite.app, API.inboxList, alice.caller, { query: { lang: 'en' } }),
    ).list.find((message) => message.title === 'A bonus for you');
    // No English content: the Vietnamese, as written.
    expect(opened).toMatchObject({ content: '<p>Nhận ngay 50.000</p>', read: false });

    suite.time.advance(1_000);
    const listed = answerValue(
      adminCalls.adminInboxMessages,
      await request(adminCalls.adminInboxMessages, operators.editor),
    );
    expect(listed.list[0]).toEqual(sent);
    expect(listed.total).toBeGreaterThanOrEqual(1);

    const audit = answerValue(
      adminCalls.adminAudit,
      await request(adminCalls.adminAudit, operators.owner, { query: { action: 'inbox.send' } }),
    ).list.find((entry) => entry.targetId === String(sent.id));
    expect(audit).toMatchObject({
      targetType: 'inbox_send',
      operatorUsername: operators.editor.username,
      before: null,
    });
    expect(audit?.after).toMatchObject({ audience: 'member', recipients: 1, memberUsername: alice.username });
  });

  it('reaches only the members of the VIP level asked for, or every real member', async () => {
    const toBronze = answerValue(
      adminCalls.adminSendInbox,
      await send({
        title: { vi: 'Ưu đãi hạng Đồng' },
        content: { vi: 'Dành riêng cho hội viên hạng Đồng' },
        audience: { kind: 'vip', vipLevel: 1 },
      }),
    );
    expect(toBronze).toMatchObject({ audience: 'vip', vipLevel: 1, memberUsername: null });
    expect(toBronze.recipients).toBeGreaterThanOrEqual(1);
    expect(await titlesOf(bronze)).toContain('Ưu đãi hạng Đồng');
    expect(await titlesOf(alice)).not.toContain('Ưu đãi hạng Đồng');

    const toMembers = answerValue(
      adminCalls.adminSendInbox,
      await send({
        title: { vi: 'Hội viên mới' },
        content: { vi: 'Chào mừng' },
        audience: { kind: 'vip', vipLevel: 0 },
      }),
    );
    expect(await titlesOf(alice)).toContain('Hội viên mới');
    expect(await titlesOf(bronze)).not.toContain('Hội viên mới');

    const toAll = answerValue(
      adminCalls.adminSendInbox,
      await send({
        title: { vi: 'Bảo trì hệ thống' },
        content: { vi: 'Tối nay 23:00' },
        audience: { kind: 'all' },
      }),
    );
    expect(toAll.recipients).toBe(await realMembers());
    expect(toAll.recipients).toBe(toMembers.recipients + toBronze.recipients + (await higherLevels()));
    for (const who of [alice, bob, bronze]) expect(await titlesOf(who)).toContain('Bảo trì hệ thống');
  });

  /** Members above level 1 in the seeded data (so that the levels add up to everyone). */
  async function higherLevels() {
    let total = 0;
    for (const vipLevel of [2, 3, 4, 5]) {
      const sent = answerValue(
        adminCalls.adminSendInbox,
        await send({
          title: { vi: `Hạng ${vipLevel}` },
          content: { vi: '-' },
          audience: { kind: 'vip', vipLevel },
        }),
      );
      total += sent.recipients;
    }
    return total;
  }

  it('never sends to trial members, refuses unknown audiences, and lets only content writers send', async () => {
    const trial = await memberOf({ type: TRIAL_MEMBER_TYPE });
    const message = { title: { vi: 'Tiêu đề' }, content: { vi: 'Nội dung' } };
    expectFailure(
      await send({ ...message, audience: { kind: 'member', username: trial.username } }),
      400,
      'INVALID_INPUT',
    );
    expectFailure(
      await send({ ...message, audience: { kind: 'member', username: 'no-such-member' } }),
      404,
      'NOT_FOUND',
    );
    expectFailure(await send({ ...message, audience: { kind: 'vip', vipLevel: 99 } }), 400, 'INVALID_INPUT');
    expectFailure(await send({ ...message, audience: { kind: 'everyone' } }), 400, 'INVALID_INPUT');
    expectFailure(
      await send({ ...message, title: { vi: '  ' }, audience: { kind: 'all' } }),
      400,
      'INVALID_INPUT',
    );
    const support = await newOperator(suite, 'support');
    expect((await request(adminCalls.adminInboxMessages, support)).statusCode).toBe(200);
    expectFailure(await send({ ...message, audience: { kind: 'all' } }, support), 403, 'PERMISSION_DENIED');
    const rows = await suite.database.current.db
      .select({ n: count() })
      .from(inboxMessage)
      .where(eq(inboxMessage.memberId, trial.id));
    expect(rows[0]?.n).toBe(0);
  });
});
