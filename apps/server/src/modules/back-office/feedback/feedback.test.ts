import { API } from '@kl/contracts';
import { adminCalls } from '@kl/contracts/admin/calls';
import { beforeAll, expect, it } from 'vitest';
import { feedback, feedbackImage } from '../../../db/schema/index.ts';
import { call } from '../../../test/accounts.ts';
import { answerValue, expectFailure } from '../../../test/answers.ts';
import { newOperator, useBackOfficeSuite } from '../../../test/back-office.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import type { MemberCaller } from '../../../test/suite.ts';

/** The bytes of a stored image: what the operator must get back, as stored. */
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('feedback image bytes')]);

describeEachDatabase('back-office feedback', (kind) => {
  const { suite, operators, request } = useBackOfficeSuite(kind, { support: 'support', owner: 'owner' });
  let sender: { username: string; caller: MemberCaller };
  let withImage: string;
  let plain: string;
  let imageId: string;
  let sentAt: Date;

  /** Feedback as the member's form stores it (the form itself is the feedback module's test). */
  async function stored(memberId: string, username: string, type: number, content: string, at: Date) {
    const [row] = await suite.database.current.db
      .insert(feedback)
      .values({ merchantCode: 'kimlong', memberId, sender: username, type, content, createdAt: at })
      .returning();
    if (!row) throw new Error('feedback not stored');
    return row.id;
  }

  beforeAll(async () => {
    const { row, caller } = await suite.newMember();
    sender = { username: row.username, caller };
    sentAt = suite.time.clock();
    withImage = await stored(row.id, row.username, 1, 'Tiền nạp sáng nay chưa vào tài khoản của tôi', sentAt);
    plain = await stored(
      row.id,
      row.username,
      3,
      'Trò chơi bị treo khi đang quay thưởng, mong xử lý',
      new Date(sentAt.getTime() + 60_000),
    );
    const [image] = await suite.database.current.db
      .insert(feedbackImage)
      .values({
        feedbackId: withImage,
        position: 0,
        contentType: 'image/png',
        byteSize: PNG.length,
        width: 1,
        height: 1,
        comment: 'Biên lai',
        data: PNG,
      })
      .returning();
    imageId = image?.id ?? '';
  });

  const list = async (query: Record<string, string>, operator = operators.support) =>
    answerValue(
      adminCalls.adminFeedbackList,
      await request(adminCalls.adminFeedbackList, operator, {
        query: { pageSize: '100', ...query },
      }),
    );
  const ids = async (query: Record<string, string>) => (await list(query)).list.map((item) => item.id);
  const detail = async (feedbackId: string) =>
    answerValue(
      adminCalls.adminFeedback,
      await request(adminCalls.adminFeedback, operators.support, { params: { feedbackId } }),
    );
  const replyTo = (feedbackId: string, payload: object, operator = operators.support) =>
    request(adminCalls.adminReplyFeedback, operator, { params: { feedbackId }, payload });
  const setStatus = (feedbackId: string, status: string, operator = operators.support) =>
    request(adminCalls.adminSetFeedbackStatus, operator, {
      params: { feedbackId },
      payload: { status },
    });

  it('lists feedback newest first, filtered by status, type, member and period', async () => {
    const mine = await list({ member: sender.username.toUpperCase() });
    expect(mine.list.map((item) => item.id)).toEqual([plain, withImage]);
    expect(mine.total).toBe(2);
    expect(mine.list[1]).toMatchObject({
      type: 1,
      memberUsername: sender.username,
      status: 'new',
      imageCount: 1,
      repliedAt: null,
      createdAt: sentAt.toISOString(),
    });
    expect(await ids({ member: sender.username, type: '3' })).toEqual([plain]);
    expect(
      await ids({ member: sender.username, from: new Date(sentAt.getTime() + 1).toISOString() }),
    ).toEqual([plain]);
    expect(await ids({ member: sender.username, to: new Date(sentAt.getTime() + 1).toISOString() })).toEqual([
      withImage,
    ]);
    expect(await ids({ member: sender.username, status: 'resolved' })).toEqual([]);
    expectFailure(
      await request(adminCalls.adminFeedbackList, operators.support, { query: { type: '5' } }),
      400,
      'INVALID_INPUT',
    );
    expectFailure(
      await request(adminCalls.adminFeedbackList, operators.support, {
        query: { from: sentAt.toISOString(), to: sentAt.toISOString() },
      }),
      400,
      'INVALID_INPUT',
    );
  });

  it('shows one feedback with its images, served to operators only', async () => {
    const shown = await detail(withImage);
    expect(shown).toMatchObject({ id: withImage, reply: null, imageCount: 1 });
    expect(shown.images).toEqual([
      {
        id: imageId,
        url: `/api/admin/feedback/images/${imageId}`,
        contentType: 'image/png',
        byteSize: PNG.length,
        width: 1,
        height: 1,
        comment: 'Biên lai',
      },
    ]);
    const image = await request(adminCalls.adminFeedbackImage, operators.support, {
      params: { imageId },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expectFailure(
      await request(adminCalls.adminFeedbackImage, undefined, { params: { imageId } }),
      401,
      'NOT_LOGGED_IN',
    );
    const finance = await newOperator(suite, 'finance');
    expectFailure(
      await request(adminCalls.adminFeedbackImage, finance, { params: { imageId } }),
      403,
      'PERMISSION_DENIED',
    );
    expectFailure(
      await request(adminCalls.adminFeedbackImage, operators.support, { params: { imageId: plain } }),
      404,
      'NOT_FOUND',
    );
  });

  it('answers a feedback: the member sees the reply under it; reply and status are audited', async () => {
    suite.time.advance(5 * 60_000);
    const answered = answerValue(
      adminCalls.adminReplyFeedback,
      await replyTo(withImage, { reply: '  Giao dịch đã được cộng, mời bạn kiểm tra lại.  ' }),
    );
    expect(answered).toMatchObject({
      status: 'resolved',
      reply: 'Giao dịch đã được cộng, mời bạn kiểm tra lại.',
      repliedAt: suite.time.clock().toISOString(),
    });

    const seen = answerValue(API.feedbackList, await call(suite.app, API.feedbackList, sender.caller)).list;
    expect(seen.find((item) => item.id === withImage)).toMatchObject({
      status: 'resolved',
      reply: 'Giao dịch đã được cộng, mời bạn kiểm tra lại.',
      repliedAt: suite.time.clock().toISOString(),
    });
    expect(seen.find((item) => item.id === plain)).toMatchObject({
      status: 'new',
      reply: null,
      repliedAt: null,
    });

    expect(answerValue(adminCalls.adminSetFeedbackStatus, await setStatus(plain, 'in_progress')).status).toBe(
      'in_progress',
    );
    // The same status again changes nothing (and is not audited).
    answerValue(adminCalls.adminSetFeedbackStatus, await setStatus(plain, 'in_progress'));
    expect(await ids({ member: sender.username, status: 'in_progress' })).toEqual([plain]);

    const auditOf = async (id: string) =>
      answerValue(
        adminCalls.adminAudit,
        await request(adminCalls.adminAudit, operators.owner, { query: { target: id } }),
      ).list;
    expect(await auditOf(withImage)).toMatchObject([
      {
        action: 'feedback.reply',
        operatorUsername: operators.support.username,
        targetType: 'feedback',
        before: { status: 'new', reply: null },
        after: { status: 'resolved', reply: 'Giao dịch đã được cộng, mời bạn kiểm tra lại.' },
      },
    ]);
    expect(await auditOf(plain)).toMatchObject([
      { action: 'feedback.status', before: { status: 'new' }, after: { status: 'in_progress' } },
    ]);
  });

  it('refuses an empty reply, an unknown status or feedback, and writes by read-only operators', async () => {
    expectFailure(await replyTo(plain, { reply: '   ' }), 400, 'INVALID_INPUT');
    expectFailure(await replyTo(plain, { reply: 'x'.repeat(1_001) }), 400, 'INVALID_INPUT');
    expectFailure(await setStatus(plain, 'closed'), 400, 'INVALID_INPUT');
    const unknown = '00000000-0000-4000-8000-000000000000';
    expectFailure(await replyTo(unknown, { reply: 'Xin chào' }), 404, 'NOT_FOUND');
    expectFailure(await setStatus(unknown, 'resolved'), 404, 'NOT_FOUND');
    expectFailure(
      await request(adminCalls.adminFeedback, operators.support, { params: { feedbackId: unknown } }),
      404,
      'NOT_FOUND',
    );
    const readOnly = await newOperator(suite, 'support', { readOnly: true });
    expect((await list({ member: sender.username }, readOnly)).total).toBe(2);
    expectFailure(await replyTo(plain, { reply: 'Xin chào' }, readOnly), 403, 'PERMISSION_DENIED');
    expect(await detail(plain)).toMatchObject({ reply: null, status: 'in_progress' });
  });
});
