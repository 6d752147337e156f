import { randomUUID } from 'node:crypto';
import { API } from '@kl/contracts';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { AdminKycSubmission } from '@kl/contracts/admin/kyc';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { member } from '../../../db/schema/index.ts';
import { call } from '../../../test/accounts.ts';
import { answerValue, expectFailure } from '../../../test/answers.ts';
import { json } from '../../../test/app.ts';
import { type OperatorCaller, useBackOfficeSuite } from '../../../test/back-office.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import type { MemberCaller } from '../../../test/suite.ts';
import { KYC_FIELDS, kycForm, kycPictures, submitKyc } from '../../kyc/testing.ts';

/**
 * The identity-check queue of the back office (docs/back-office.md, "Identity checks";
 * docs/decisions/057-know-your-customer.md), on both databases (the decisions lock rows; the pictures are
 * bytes): two independent operators approve, one rejects with the reason the member reads, a decided
 * submission stays decided, parallel decisions make one transition, every step is audited, and the
 * pictures reach the operators who may read members only.
 */

describeEachDatabase('back-office identity checks', { embedded: true }, (kind) => {
  const { suite, operators, request, value, auditTrail } = useBackOfficeSuite(kind, {
    owner: 'owner',
    risk: 'risk',
    checker: 'risk',
    finance: 'finance',
    support: 'support',
    content: 'content',
  });
  const db = () => suite.database.current.db;

  /** A member who sent an identity card; answers them and the submission's id. */
  async function submitted(fields = KYC_FIELDS) {
    const { row, caller } = await suite.newMember();
    const sent = await submitKyc(suite.app, caller, await kycForm(fields, await kycPictures()));
    const id = answerValue(API.memberSubmitKyc, sent).submission?.id ?? '';
    return { row, caller, id };
  }
  const approve = (submissionId: string, operator: OperatorCaller) =>
    request(adminCalls.adminApproveKyc, operator, { params: { submissionId } });
  const reject = (submissionId: string, reason: string, operator: OperatorCaller) =>
    request(adminCalls.adminRejectKyc, operator, { params: { submissionId }, payload: { reason } });
  const decided = (response: LightMyRequestResponse): AdminKycSubmission =>
    answerValue(adminCalls.adminApproveKyc, response).submission;
  const detail = (submissionId: string, operator = operators.support) =>
    value(adminCalls.adminKycSubmission, operator, { params: { submissionId } });
  const memberState = async (caller: MemberCaller) =>
    answerValue(API.memberKyc, await call(suite.app, API.memberKyc, caller));
  const actionsOf = async (submissionId: string) =>
    (await auditTrail(operators.owner, 'kyc_submission', submissionId)).map((entry) => entry.action);

  it('approves a document with two independent operators; the member then reads it approved', async () => {
    const { row, caller, id } = await submitted();
    const queued = await value(adminCalls.adminKycSubmissions, operators.support, {
      query: { pageSize: '100' },
    });
    const listed = queued.list.find((item) => item.id === id);
    expect(listed).toMatchObject({
      memberId: row.id,
      username: row.username,
      payeeName: 'NGUYEN VAN AN',
      state: 'submitted',
      documentKind: 'id_card',
      documentNumber: '079090005678',
      fullName: 'Nguyễn Văn An',
      birthDate: '1990-05-17',
      age: 39,
      nameMatches: true,
      approvalRequestedBy: null,
      decidedBy: null,
    });
    expect(listed?.pictures.map((item) => item.url)).toEqual(
      ['front', 'back', 'selfie'].map((name) => `/api/admin/kyc/${id}/pictures/${name}`),
    );

    // The first approval asks for a second; its operator cannot give it, nor can a reader.
    const first = decided(await approve(id, operators.risk));
    expect(first).toMatchObject({
      state: 'approval_requested',
      approvalRequestedBy: operators.risk.username,
    });
    expect((await memberState(caller)).state).toBe('submitted');
    expectFailure(await approve(id, operators.risk), 409, 'SECOND_APPROVER_REQUIRED');
    expectFailure(await approve(id, operators.support), 403, 'PERMISSION_DENIED');
    expectFailure(await approve(id, operators.finance), 403, 'PERMISSION_DENIED');
    expect((await detail(id)).state).toBe('approval_requested');

    const second = decided(await approve(id, operators.checker));
    expect(second).toMatchObject({
      state: 'approved',
      approvalRequestedBy: operators.risk.username,
      decidedBy: operators.checker.username,
      rejectReason: null,
    });
    expect(await memberState(caller)).toMatchObject({
      state: 'approved',
      submission: { id, decidedAt: second.decidedAt, rejectReason: null },
    });

    // Decided: nothing changes it, and the member has nothing more to send.
    expectFailure(await approve(id, operators.owner), 409, 'KYC_CLOSED');
    expectFailure(await reject(id, 'Ảnh mờ', operators.owner), 409, 'KYC_CLOSED');
    const again = await submitKyc(suite.app, caller, await kycForm(KYC_FIELDS, await kycPictures()));
    expectFailure(again, 409, 'KYC_APPROVED');
    expect(await actionsOf(id)).toEqual(['kyc.approve', 'kyc.first_approve']);
    const [approval] = await auditTrail(operators.owner, 'kyc_submission', id);
    expect(approval).toMatchObject({
      operatorUsername: operators.checker.username,
      before: { state: 'approval_requested', username: row.username },
      after: { state: 'approved' },
    });
    expect(JSON.stringify(approval)).not.toContain('079090005678');

    // No longer waiting: listed under its state only.
    const waiting = await value(adminCalls.adminKycSubmissions, operators.risk, {
      query: { pageSize: '100' },
    });
    expect(waiting.list.map((item) => item.id)).not.toContain(id);
    const approved = await value(adminCalls.adminKycSubmissions, operators.risk, {
      query: { state: 'approved', username: row.username.toUpperCase() },
    });
    expect(approved).toMatchObject({ total: 1, list: [{ id }] });
  });

  it('rejects at either step with the reason the member reads; the member then sends again', async () => {
    const { caller, id } = await submitted();
    const rejected = answerValue(
      adminCalls.adminRejectKyc,
      await reject(id, 'Ảnh mặt trước bị mờ', operators.risk),
    );
    expect(rejected.submission).toMatchObject({
      state: 'rejected',
      decidedBy: operators.risk.username,
      rejectReason: 'Ảnh mặt trước bị mờ',
    });
    expect(await memberState(caller)).toMatchObject({
      state: 'rejected',
      submission: { id, rejectReason: 'Ảnh mặt trước bị mờ' },
    });
    expectFailure(await approve(id, operators.checker), 409, 'KYC_CLOSED');
    expectFailure(await reject(id, 'again', operators.checker), 409, 'KYC_CLOSED');
    expectFailure(await reject(id, '', operators.owner), 400, 'INVALID_INPUT');

    // A new submission, approved once, then rejected by the second operator.
    const resent = await submitKyc(suite.app, caller, await kycForm(KYC_FIELDS, await kycPictures()));
    const next = answerValue(API.memberSubmitKyc, resent);
    expect(next).toMatchObject({ state: 'submitted', submission: { rejectReason: null } });
    const nextId = next.submission?.id ?? '';
    expect(nextId).not.toBe(id);
    decided(await approve(nextId, operators.risk));
    const refused = answerValue(
      adminCalls.adminRejectKyc,
      await reject(nextId, 'Không khớp', operators.checker),
    );
    expect(refused.submission).toMatchObject({
      state: 'rejected',
      approvalRequestedBy: operators.risk.username,
      decidedBy: operators.checker.username,
    });
    expect(await actionsOf(id)).toEqual(['kyc.reject']);
    expect(await actionsOf(nextId)).toEqual(['kyc.reject', 'kyc.first_approve']);
    // The first one keeps its own decision.
    expect((await detail(id)).rejectReason).toBe('Ảnh mặt trước bị mờ');
  });

  it('checks the name again at approval, and gives a member without a payee name the document’s', async () => {
    const { row, caller, id } = await submitted();
    // The member registered no payee name: the document's becomes it at the second approval.
    await db().update(member).set({ payeeName: null }).where(eq(member.id, row.id));
    expect((await detail(id)).payeeName).toBeNull();
    decided(await approve(id, operators.risk));
    expect(decided(await approve(id, operators.checker)).payeeName).toBe('NGUYEN VAN AN');
    const info = answerValue(API.withdrawalInfo, await call(suite.app, API.withdrawalInfo, caller));
    expect(info).toMatchObject({ payeeName: 'NGUYEN VAN AN', kyc: { state: 'approved' } });
    const [approval] = await auditTrail(operators.owner, 'kyc_submission', id);
    expect(approval?.after).toMatchObject({ payeeNameSet: 'NGUYEN VAN AN' });

    // A payee name registered since the submission, another one: neither approval passes.
    const other = await submitted();
    await db().update(member).set({ payeeName: 'TRAN THI BINH' }).where(eq(member.id, other.row.id));
    const listed = await detail(other.id);
    expect(listed).toMatchObject({ payeeName: 'TRAN THI BINH', nameMatches: false });
    const mismatch = await approve(other.id, operators.risk);
    expectFailure(mismatch, 400, 'KYC_NAME_MISMATCH');
    expect(json(mismatch)).toMatchObject({ value: { field: 'fullName' } });
    expect((await detail(other.id)).state).toBe('submitted');
  });

  it('makes one transition of parallel approvals, whoever clicks', async () => {
    // The same operator twice at once: one first approval, the other is not a second one.
    const twice = await submitted();
    const clicks = await Promise.all([approve(twice.id, operators.risk), approve(twice.id, operators.risk)]);
    expect(clicks.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(clicks.map((response) => json<{ code?: string }>(response).code)).toContain(
      'SECOND_APPROVER_REQUIRED',
    );
    expect(await actionsOf(twice.id)).toEqual(['kyc.first_approve']);

    // Two second operators at once: one approval, the other finds it decided.
    const answers = await Promise.all([
      approve(twice.id, operators.checker),
      approve(twice.id, operators.owner),
    ]);
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((response) => response.statusCode === 409);
    expect(json(loser as LightMyRequestResponse)).toMatchObject({ code: 'KYC_CLOSED' });
    expect(await actionsOf(twice.id)).toEqual(['kyc.approve', 'kyc.first_approve']);

    // An approval and a rejection at once: one of them.
    const raced = await submitted();
    decided(await approve(raced.id, operators.risk));
    const race = await Promise.all([
      approve(raced.id, operators.checker),
      reject(raced.id, 'x', operators.owner),
    ]);
    expect(race.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await actionsOf(raced.id)).toHaveLength(2);
  });

  it('shows the pictures to operators who may read members only, never to be cached', async () => {
    const { id } = await submitted();
    const get = (operator: OperatorCaller | undefined, submissionId = id, picture = 'front') =>
      request(adminCalls.adminKycPicture, operator, { params: { submissionId, picture } });
    for (const operator of [operators.owner, operators.risk, operators.finance, operators.support]) {
      const served = await get(operator);
      expect(served.statusCode, served.body).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('private, no-store');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    }
    expectFailure(await get(operators.content), 403, 'PERMISSION_DENIED');
    expectFailure(
      await request(adminCalls.adminKycSubmission, operators.content, { params: { submissionId: id } }),
      403,
      'PERMISSION_DENIED',
    );
    expectFailure(await get(undefined), 401, 'NOT_LOGGED_IN');
    expectFailure(await get(operators.support, randomUUID()), 404, 'NOT_FOUND');
    // A passport has no back.
    const { caller } = await suite.newMember();
    const pictures = await kycPictures();
    const passport =
      answerValue(
        API.memberSubmitKyc,
        await submitKyc(
          suite.app,
          caller,
          await kycForm(
            { ...KYC_FIELDS, documentKind: 'passport' },
            { front: pictures.front, selfie: pictures.selfie },
          ),
        ),
      ).submission?.id ?? '';
    expectFailure(await get(operators.support, passport, 'back'), 404, 'NOT_FOUND');
  });
});
