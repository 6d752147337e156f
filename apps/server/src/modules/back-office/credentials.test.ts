import { randomBytes } from 'node:crypto';
import { OPERATOR_INVITATION_HOURS } from '@kl/contracts/admin/credentials';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { freshIp } from '../../test/accounts.ts';
import { json } from '../../test/app.ts';
import {
  acceptInvitation,
  createOperator,
  INVITEE_TEST_PASSWORD,
  inviteOperator,
  OPERATOR_TEST_PASSWORD,
  type OperatorCaller,
  operatorCookieOf,
  signInOperator,
  useBackOfficeSuite,
} from '../../test/back-office.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { INVITATION_ADDRESS_RULE } from './invitations.ts';
import { OWN_PASSWORD_RULE } from './own-password.ts';
import { totpCode, totpStep } from '../../platform/totp.ts';

const failureOf = (response: LightMyRequestResponse) => [
  response.statusCode,
  json<{ code?: string }>(response).code,
];
const valueOf = <T>(response: LightMyRequestResponse): T => {
  expect(response.statusCode, response.body).toBe(200);
  return json<{ value: T }>(response).value;
};

/**
 * Operators own their credentials (docs/back-office.md, "Operators" and "Signing in";
 * docs/decisions/033-operator-credentials.md): invitation links, resets one owner asks and another approves,
 * and changing one's own password. The two owners are made on the command line: independent of each other.
 */
describeEachDatabase('operators own their credentials', (kind) => {
  const bo = useBackOfficeSuite(kind, { ownerA: 'owner', ownerB: 'owner' });
  const app = () => bo.suite.app;
  const time = () => bo.suite.time;
  const db = () => bo.suite.database.current.db;
  const post = (entry: { method: string; path: string }, payload: object, ip = freshIp()) =>
    app().inject({
      method: entry.method as 'POST',
      url: entry.path,
      remoteAddress: ip,
      payload,
      headers: { 'accept-language': 'en' },
    });
  const login = (body: object) => post(adminCalls.adminLogin, body);
  const lookup = (token: string, ip?: string) => post(adminCalls.adminInvitation, { token }, ip);
  const accept = (body: object) => post(adminCalls.adminAcceptInvitation, body);
  const requestReset = (
    owner: OperatorCaller,
    operatorId: string,
    clear: { password: boolean; twoFactor: boolean },
  ) =>
    bo.request(adminCalls.adminRequestOperatorReset, owner, {
      params: { operatorId },
      payload: { ...clear, note: 'lost their phone' },
    });
  const decide = (owner: OperatorCaller, requestId: string, approve = true) =>
    bo.request(adminCalls.adminDecideOperatorRequest, owner, { params: { requestId }, payload: { approve } });
  const sessionOf = (caller: Pick<OperatorCaller, 'ip' | 'cookie'>) =>
    bo.request(adminCalls.adminSession, caller);
  /** A finance operator made on the command line, signed in. */
  const signedInFinance = async () => {
    const made = await createOperator(db(), time().clock, { role: 'finance' });
    return signInOperator(app(), time(), made.username);
  };
  const listed = async (owner: OperatorCaller, id: string) =>
    valueOf<{
      list: { id: string; awaitingInvitation: boolean; credentialsIssuedBy: unknown; enrolled: boolean }[];
    }>(await bo.request(adminCalls.adminOperators, owner, { query: { pageSize: '100' } })).list.find(
      (row) => row.id === id,
    );

  it('a new operator gets no password from its creator: the link sets theirs, once, and signs them in', async () => {
    const { ownerA } = bo.operators;
    const madeAt = time().clock();
    const made = await inviteOperator(app(), ownerA, 'content');
    const { operator, invitation } = made;
    expect(Object.keys(made).sort()).toEqual(['invitation', 'operator']);
    expect(operator).toMatchObject({ awaitingInvitation: true, enrolled: false });
    expect(operator.credentialsIssuedBy).toEqual({ id: ownerA.id, username: ownerA.username });
    expect(Date.parse(invitation.expiresAt) - madeAt.getTime()).toBe(OPERATOR_INVITATION_HOURS * 3_600_000);

    // No password exists: whatever the creator tries is refused.
    for (const guess of [OPERATOR_TEST_PASSWORD, INVITEE_TEST_PASSWORD]) {
      expect(json(await login({ username: operator.username, password: guess }))).toMatchObject({
        code: 'WRONG_CREDENTIALS',
      });
    }

    expect(valueOf(await lookup(invitation.token))).toEqual({
      username: operator.username,
      role: 'content',
      purpose: 'new',
      expiresAt: invitation.expiresAt,
      setsPassword: true,
      enrolsTwoFactor: true,
    });
    expect(failureOf(await accept({ token: invitation.token, password: 'too-short' }))).toEqual([
      400,
      'INVALID_INPUT',
    ]);
    // The creator tries the link first and sees a secret; the operator's own try offers another one, and
    // the creator's is never enrolled.
    const peek = valueOf<{ secret: string }>(
      await accept({ token: invitation.token, password: 'creator-peeks-1' }),
    );
    const enrol = valueOf<{ step: string; secret: string }>(
      await accept({ token: invitation.token, password: INVITEE_TEST_PASSWORD }),
    );
    expect(enrol.step).toBe('enrol');
    expect(enrol.secret).not.toBe(peek.secret);
    const peeked = totpCode(peek.secret, totpStep(time().clock()));
    expect(
      failureOf(await accept({ token: invitation.token, password: INVITEE_TEST_PASSWORD, code: peeked })),
    ).toEqual([400, 'WRONG_VERIFICATION_CODE']);
    expect(
      failureOf(await accept({ token: invitation.token, password: INVITEE_TEST_PASSWORD, code: '000000' })),
    ).toEqual([400, 'WRONG_VERIFICATION_CODE']);

    // Two uses at the same moment: one signs in, the other is refused; the link then works no more.
    const code = totpCode(enrol.secret, totpStep(time().clock()));
    const both = await Promise.all(
      [0, 1].map(() => accept({ token: invitation.token, password: INVITEE_TEST_PASSWORD, code })),
    );
    const [winner] = both.filter((response) => response.statusCode === 200);
    expect(both.map(failureOf).sort()).toEqual([
      [200, undefined],
      [410, 'INVITATION_INVALID'],
    ]);
    time().advance(30_000);
    expect(failureOf(await lookup(invitation.token))).toEqual([410, 'INVITATION_INVALID']);
    expect(
      failureOf(await accept({ token: invitation.token, password: INVITEE_TEST_PASSWORD, code: '123456' })),
    ).toEqual([410, 'INVITATION_INVALID']);
    const invitee = { ip: freshIp(), cookie: operatorCookieOf(winner as LightMyRequestResponse) ?? '' };
    expect(valueOf(await sessionOf(invitee))).toMatchObject({ username: operator.username, role: 'content' });

    // The creator still does not know the password the operator chose.
    expect(
      json(await login({ username: operator.username, password: OPERATOR_TEST_PASSWORD })),
    ).toMatchObject({
      code: 'WRONG_CREDENTIALS',
    });
    expect(json(await login({ username: operator.username, password: INVITEE_TEST_PASSWORD }))).toMatchObject(
      {
        value: { step: 'code' },
      },
    );
    expect(await listed(ownerA, operator.id)).toMatchObject({ awaitingInvitation: false, enrolled: true });

    const trail = await bo.auditTrail(ownerA, 'operator', operator.id);
    expect(trail.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['operator.create', 'operator.invitation_accept', 'operator.login']),
    );
    expect(JSON.stringify(trail)).not.toContain(invitation.token);
    expect(JSON.stringify(trail)).not.toContain(INVITEE_TEST_PASSWORD);
  });

  it('an unknown link is refused, and guesses are counted per address before any lookup', async () => {
    const ip = freshIp();
    for (let index = 0; index < INVITATION_ADDRESS_RULE.limit; index += 1) {
      const guess = await lookup(randomBytes(32).toString('base64url'), ip);
      expect(failureOf(guess)).toEqual([410, 'INVITATION_INVALID']);
    }
    const made = await inviteOperator(app(), bo.operators.ownerA, 'support');
    // Locked: a right token from that address too.
    expect(failureOf(await lookup(made.invitation.token, ip))).toEqual([429, 'TOO_MANY_REQUESTS']);
    expect(failureOf(await lookup(made.invitation.token))).toEqual([200, undefined]);
    expect(failureOf(await lookup('not a token'))).toEqual([400, 'INVALID_INPUT']);
  });

  it('a reset asked by one owner waits for another, independent one; the asker cannot approve it', async () => {
    const { ownerA, ownerB } = bo.operators;
    const target = await signedInFinance();
    const asked = valueOf<{ id: string; status: string; targetLabel: string; payload: unknown }>(
      await requestReset(ownerA, target.id, { password: true, twoFactor: true }),
    );
    expect(asked).toMatchObject({
      status: 'pending',
      targetLabel: target.username,
      payload: { clear: ['password', 'twoFactor'] },
    });
    expect(failureOf(await requestReset(ownerB, target.id, { password: true, twoFactor: false }))).toEqual([
      409,
      'OPERATOR_REQUEST_PENDING',
    ]);
    expect(failureOf(await requestReset(ownerA, ownerA.id, { password: true, twoFactor: true }))).toEqual([
      400,
      'INVALID_INPUT',
    ]);

    // Nothing applied yet: the target's session and credentials work.
    expect((await sessionOf(target)).statusCode).toBe(200);
    expect(json(await login({ username: target.username, password: OPERATOR_TEST_PASSWORD }))).toMatchObject({
      value: { step: 'code' },
    });
    // The asker cannot approve it; the target neither sees nor decides it.
    expect(failureOf(await decide(ownerA, asked.id))).toEqual([409, 'SECOND_APPROVER_REQUIRED']);
    expect(
      valueOf<{ list: unknown[] }>(await bo.request(adminCalls.adminOperatorRequests, target)).list,
    ).toEqual([]);
    expect(failureOf(await decide(target, asked.id))).toEqual([403, 'PERMISSION_DENIED']);
    const waiting = valueOf<{ list: { id: string }[] }>(
      await bo.request(adminCalls.adminOperatorRequests, ownerB, { query: { status: 'pending' } }),
    ).list;
    expect(waiting.map((request) => request.id)).toContain(asked.id);

    const decision = valueOf<{
      request: { status: string; decidedBy: { id: string } };
      invitation: { token: string; expiresAt: string };
    }>(await decide(ownerB, asked.id));
    expect(decision.request).toMatchObject({ status: 'approved', decidedBy: { id: ownerB.id } });
    expect(failureOf(await decide(ownerB, asked.id))).toEqual([409, 'OPERATOR_REQUEST_CLOSED']);

    // Applied: the sessions ended, the old password is gone; the new link works, with a new two-factor.
    expect(failureOf(await sessionOf(target))).toEqual([401, 'NOT_LOGGED_IN']);
    expect(json(await login({ username: target.username, password: OPERATOR_TEST_PASSWORD }))).toMatchObject({
      code: 'WRONG_CREDENTIALS',
    });
    expect(valueOf(await lookup(decision.invitation.token))).toMatchObject({
      purpose: 'reset',
      setsPassword: true,
      enrolsTwoFactor: true,
    });
    const again = await acceptInvitation(app(), time(), decision.invitation.token);
    expect(again.id).toBe(target.id);
    expect(again.secret).not.toBe(target.secret);
    // The old authenticator's code no longer signs in.
    const oldCode = totpCode(target.secret, totpStep(time().clock()));
    expect(
      json(await login({ username: target.username, password: INVITEE_TEST_PASSWORD, code: oldCode })),
    ).toMatchObject({ code: 'WRONG_VERIFICATION_CODE' });
    expect(await listed(ownerA, target.id)).toMatchObject({
      credentialsIssuedBy: { id: ownerB.id, username: ownerB.username },
      awaitingInvitation: false,
    });
    const trail = await bo.auditTrail(ownerA, 'operator', target.id);
    expect(trail.find((entry) => entry.action === 'operator.reset')?.after).toMatchObject({
      cleared: ['password', 'twoFactor'],
      endedSessions: 1,
    });
    expect(JSON.stringify(trail)).not.toContain(decision.invitation.token);
  });

  it('a two-factor reset keeps the password: sign-in no longer enrols, and the link asks for the password', async () => {
    const { ownerA, ownerB } = bo.operators;
    const target = await signedInFinance();
    const asked = valueOf<{ id: string }>(
      await requestReset(ownerA, target.id, { password: false, twoFactor: true }),
    );
    const { invitation } = valueOf<{ invitation: { token: string } }>(await decide(ownerB, asked.id));

    // The right password at sign-in does not offer a new enrolment to whoever knows it.
    expect(failureOf(await login({ username: target.username, password: OPERATOR_TEST_PASSWORD }))).toEqual([
      403,
      'INVITATION_REQUIRED',
    ]);
    expect(valueOf(await lookup(invitation.token))).toMatchObject({
      setsPassword: false,
      enrolsTwoFactor: true,
    });
    // The link's holder without the password gets nowhere.
    expect(failureOf(await accept({ token: invitation.token, password: 'the-holder-guesses-1' }))).toEqual([
      401,
      'WRONG_CREDENTIALS',
    ]);
    const back = await acceptInvitation(app(), time(), invitation.token, {
      password: OPERATOR_TEST_PASSWORD,
    });
    expect(back.id).toBe(target.id);
  });

  it('a password reset keeps the two-factor: the link asks for a code of the authenticator enrolled', async () => {
    const { ownerA, ownerB } = bo.operators;
    const target = await signedInFinance();
    const asked = valueOf<{ id: string }>(
      await requestReset(ownerB, target.id, { password: true, twoFactor: false }),
    );
    const { invitation } = valueOf<{ invitation: { token: string } }>(await decide(ownerA, asked.id));
    expect(valueOf(await lookup(invitation.token))).toMatchObject({
      setsPassword: true,
      enrolsTwoFactor: false,
    });
    expect(valueOf(await accept({ token: invitation.token, password: INVITEE_TEST_PASSWORD }))).toEqual({
      step: 'code',
    });
    const back = await acceptInvitation(app(), time(), invitation.token, { secret: target.secret });
    expect(back.id).toBe(target.id);
  });

  it('the owner who approved a reset holds that link: it never checks the operator reset, nor they it', async () => {
    const { ownerA, ownerB } = bo.operators;
    const made = await createOperator(db(), time().clock, { role: 'owner' });
    const third = await signInOperator(app(), time(), made.username);
    const asked = valueOf<{ id: string }>(
      await requestReset(ownerA, third.id, { password: true, twoFactor: true }),
    );
    const { invitation } = valueOf<{ invitation: { token: string } }>(await decide(ownerB, asked.id));
    const reset = await acceptInvitation(app(), time(), invitation.token);

    // The reset owner asks for something; the owner who held its link may not approve it, another may.
    const other = await signedInFinance();
    const theirs = valueOf<{ id: string }>(
      await requestReset(reset, other.id, { password: true, twoFactor: false }),
    );
    expect(failureOf(await decide(ownerB, theirs.id))).toEqual([409, 'APPROVER_NOT_INDEPENDENT']);
    expect(failureOf(await decide(ownerB, theirs.id, false))).toEqual([409, 'APPROVER_NOT_INDEPENDENT']);
    // Nor does the reset owner approve what the link's holder asks.
    const fourth = await signedInFinance();
    const bs = valueOf<{ id: string }>(
      await requestReset(ownerB, fourth.id, { password: true, twoFactor: false }),
    );
    expect(failureOf(await decide(reset, bs.id))).toEqual([409, 'APPROVER_NOT_INDEPENDENT']);
    expect(valueOf<{ request: { status: string } }>(await decide(ownerA, theirs.id)).request.status).toBe(
      'approved',
    );
  });

  it('the asker may take a request back; nobody else can, and it is closed afterwards', async () => {
    const { ownerA, ownerB } = bo.operators;
    const target = await signedInFinance();
    const asked = valueOf<{ id: string }>(
      await requestReset(ownerA, target.id, { password: true, twoFactor: true }),
    );
    const cancel = (owner: OperatorCaller) =>
      bo.request(adminCalls.adminCancelOperatorRequest, owner, { params: { requestId: asked.id } });
    expect(failureOf(await cancel(ownerB))).toEqual([403, 'PERMISSION_DENIED']);
    expect(valueOf<{ status: string }>(await cancel(ownerA)).status).toBe('cancelled');
    expect(failureOf(await decide(ownerB, asked.id))).toEqual([409, 'OPERATOR_REQUEST_CLOSED']);
    expect(failureOf(await cancel(ownerA))).toEqual([409, 'OPERATOR_REQUEST_CLOSED']);
    expect((await sessionOf(target)).statusCode).toBe(200);
    // A new request for the operator may be made again.
    expect((await requestReset(ownerB, target.id, { password: true, twoFactor: true })).statusCode).toBe(200);
  });

  it('no owner resets another’s two-factor directly any more', async () => {
    const target = await signedInFinance();
    const response = await bo.request(adminCalls.adminUpdateOperator, bo.operators.ownerA, {
      params: { operatorId: target.id },
      payload: { resetTwoFactor: true },
    });
    expect(failureOf(response)).toEqual([400, 'INVALID_INPUT']);
    expect((await sessionOf(target)).statusCode).toBe(200);
    expect(json(await login({ username: target.username, password: OPERATOR_TEST_PASSWORD }))).toMatchObject({
      value: { step: 'code' },
    });
  });

  it('an operator changes their own password with the old one and a code; their other sessions end', async () => {
    const made = await createOperator(db(), time().clock, { role: 'support' });
    const here = await signInOperator(app(), time(), made.username);
    const elsewhere = await signInOperator(app(), time(), made.username, here.secret);
    const change = (body: object) =>
      bo.request(adminCalls.adminChangePassword, here, {
        payload: { currentPassword: OPERATOR_TEST_PASSWORD, newPassword: 'my-own-new-password', ...body },
      });
    const code = () => totpCode(here.secret, totpStep(time().clock()));
    expect(failureOf(await change({ currentPassword: 'not-my-password', code: code() }))).toEqual([
      401,
      'WRONG_CREDENTIALS',
    ]);
    expect(failureOf(await change({ code: '000000' }))).toEqual([400, 'WRONG_VERIFICATION_CODE']);
    expect(failureOf(await change({ newPassword: OPERATOR_TEST_PASSWORD, code: code() }))).toEqual([
      400,
      'INVALID_INPUT',
    ]);
    const used = code();
    expect(valueOf(await change({ code: used }))).toEqual({ changed: true, endedSessions: 1 });
    // The code is used up.
    expect(
      failureOf(
        await change({ currentPassword: 'my-own-new-password', newPassword: 'x'.repeat(12), code: used }),
      ),
    ).toEqual([400, 'WRONG_VERIFICATION_CODE']);

    expect((await sessionOf(here)).statusCode).toBe(200);
    expect(failureOf(await sessionOf(elsewhere))).toEqual([401, 'NOT_LOGGED_IN']);
    expect(json(await login({ username: made.username, password: OPERATOR_TEST_PASSWORD }))).toMatchObject({
      code: 'WRONG_CREDENTIALS',
    });
    expect(json(await login({ username: made.username, password: 'my-own-new-password' }))).toMatchObject({
      value: { step: 'code' },
    });
    const trail = await bo.auditTrail(bo.operators.ownerA, 'operator', made.id);
    expect(trail.find((entry) => entry.action === 'operator.change_password')?.after).toEqual({
      endedSessions: 1,
    });
    expect(JSON.stringify(trail)).not.toContain('my-own-new-password');

    // Wrong old passwords are counted: past the limit even the right one waits.
    for (let index = 0; index < OWN_PASSWORD_RULE.limit; index += 1) {
      await change({ currentPassword: 'not-my-password', code: '000000' });
    }
    expect(failureOf(await change({ currentPassword: 'my-own-new-password', code: code() }))).toEqual([
      429,
      'TOO_MANY_REQUESTS',
    ]);
  });

  // Last: it moves the suite's clock past the links' lifetime.
  it('an expired link is refused as expired, so the page can ask for a new one', async () => {
    const made = await inviteOperator(app(), bo.operators.ownerA, 'risk');
    time().advance(OPERATOR_INVITATION_HOURS * 3_600_000 + 1_000);
    expect(failureOf(await lookup(made.invitation.token))).toEqual([410, 'INVITATION_EXPIRED']);
    expect(
      failureOf(await accept({ token: made.invitation.token, password: INVITEE_TEST_PASSWORD })),
    ).toEqual([410, 'INVITATION_EXPIRED']);
  });
});
