import { randomUUID } from 'node:crypto';
import { API } from '@kl/contracts';
import { adminCalls } from '@kl/contracts/admin/calls';
import { memberDetail, memberPage, type MemberPage } from '@kl/contracts/admin/members';
import { successEnvelope } from '@kl/contracts/envelope';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import {
  loginAttempt,
  member,
  memberBankAccount,
  memberSession,
  merchant,
  operatorAudit,
} from '../../../db/schema/index.ts';
import {
  call,
  freshIp,
  outbox,
  postEncrypted,
  registerByUsername,
  solvedCaptcha,
} from '../../../test/accounts.ts';
import { json } from '../../../test/app.ts';
import { csvLines } from '../../../test/answers.ts';
import { useBackOfficeSuite } from '../../../test/back-office.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import { createLedgerRepository, createLedgerService } from '../../wallet/index.ts';
import { createTestMember } from '../../wallet/testing.ts';

describeEachDatabase('back-office members', (kind) => {
  const { suite, operators, request, value } = useBackOfficeSuite(
    kind,
    { risk: 'risk', support: 'support', content: 'content', owner: 'owner' },
    { config: { devOutbox: true, rateLimitMax: 100_000 } },
  );
  const db = () => suite.database.current.db;
  const ledger = () =>
    createLedgerService({ db: db(), ledger: createLedgerRepository(db()), clock: suite.time.clock });

  const search = async (query: Record<string, string>): Promise<MemberPage> => {
    const response = await request(adminCalls.adminMembers, operators.support, { query });
    expect(response.statusCode, response.body).toBe(200);
    return successEnvelope(memberPage).parse(json(response)).value;
  };
  const usernamesOf = (page: MemberPage) => page.list.map((row) => row.username);
  const detailOf = async (memberId: string) => {
    const response = await request(adminCalls.adminMember, operators.support, { params: { memberId } });
    expect(response.statusCode, response.body).toBe(200);
    return successEnvelope(memberDetail).parse(json(response)).value;
  };
  const setDisabled = (memberId: string, disabled: boolean, operator = operators.risk) =>
    request(adminCalls.adminSetMemberDisabled, operator, {
      params: { memberId },
      payload: { disabled, reason: disabled ? 'chargeback fraud' : 'cleared by review' },
    });
  const auditOf = (memberId: string) =>
    db()
      .select()
      .from(operatorAudit)
      .where(and(eq(operatorAudit.targetType, 'member'), eq(operatorAudit.targetId, memberId)))
      .orderBy(operatorAudit.id);
  const codeOf = (response: LightMyRequestResponse) => json<{ code?: string }>(response).code;

  let tag = 0;
  /** Two members sharing a fresh username prefix, the second registered an hour later (newest first). */
  async function searchable() {
    tag += 1;
    const prefix = `Srch${tag}${Math.floor(Math.random() * 1e4)}`.slice(0, 10);
    const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
    const ip = freshIp();
    const first = await createTestMember(db(), { username: `${prefix}a` });
    const second = await createTestMember(db(), { username: `${prefix}b` });
    const now = suite.time.clock();
    await db()
      .update(member)
      .set({
        countryDialingCode: '+84',
        mobileNum: `9${digits}`,
        email: `${prefix}.Mail@Example.com`,
        registerIp: ip,
        createdAt: new Date(now.getTime() - 7_200_000),
      })
      .where(eq(member.id, first.id));
    await db()
      .update(member)
      .set({ createdAt: new Date(now.getTime() - 3_600_000) })
      .where(eq(member.id, second.id));
    const accountNumber = `77${digits}`;
    await db().insert(memberBankAccount).values({
      merchantCode: 'kimlong',
      memberId: first.id,
      bankCode: 'VCB',
      bankName: 'Vietcombank',
      accountNumber,
      accountName: 'NGUYEN VAN AN',
      createdAt: now,
      removedAt: now,
    });
    return {
      prefix,
      first,
      second,
      mobile: `9${digits}`,
      email: `${prefix}.Mail@Example.com`,
      ip,
      accountNumber,
    };
  }

  it('finds members by username prefix in any case, newest first, paged', async () => {
    const { prefix, first, second } = await searchable();
    const page = await search({ q: prefix.toUpperCase(), field: 'username' });
    expect(usernamesOf(page)).toEqual([second.username, first.username]);
    expect(page.total).toBe(2);
    const paged = await search({ q: prefix.toLowerCase(), field: 'username', pageSize: '1', pageNo: '2' });
    expect(paged).toMatchObject({ pageNo: 2, pageSize: 1, total: 2 });
    expect(usernamesOf(paged)).toEqual([first.username]);
    // Only from the start: the middle of the name finds nothing; LIKE's own characters are literal.
    expect((await search({ q: prefix.slice(2), field: 'username' })).total).toBe(0);
    expect((await search({ q: `${prefix.slice(0, 3)}%`, field: 'username' })).total).toBe(0);
  });

  it('finds by mobile digits, whole e-mail in any case, bank account and register IP exactly', async () => {
    const { first, mobile, email, ip, accountNumber } = await searchable();
    const only = async (query: Record<string, string>) => usernamesOf(await search(query));
    expect(await only({ q: `0${mobile}`, field: 'mobile' })).toEqual([first.username]);
    expect(await only({ q: `+84 ${mobile.slice(0, 6)}`, field: 'mobile' })).toEqual([first.username]);
    expect(await only({ q: mobile.slice(3), field: 'mobile' })).toEqual([first.username]);
    expect(await only({ q: 'no digits', field: 'mobile' })).toEqual([]);
    expect(await only({ q: email.toUpperCase(), field: 'email' })).toEqual([first.username]);
    expect(await only({ q: email.slice(1), field: 'email' })).toEqual([]);
    // A bank account the member bound, also one removed since; only the whole number.
    expect(await only({ q: accountNumber, field: 'bankAccount' })).toEqual([first.username]);
    expect(await only({ q: accountNumber.slice(1), field: 'bankAccount' })).toEqual([]);
    expect(await only({ q: ip, field: 'registerIp' })).toEqual([first.username]);
    expect(await only({ q: ip.slice(0, -1), field: 'registerIp' })).toEqual([]);
    // `any` (the default) looks everywhere.
    for (const q of [`0${mobile}`, email.toLowerCase(), accountNumber, ip]) {
      expect(await only({ q })).toEqual([first.username]);
    }
    // Another field does not find it.
    expect(await only({ q: ip, field: 'username' })).toEqual([]);
  });

  it('lists the available balance from the ledger, the last login and the disabled flag', async () => {
    const { row } = await suite.newMember();
    await suite.fund(row.id, 250_000);
    const page = await search({ q: row.username, field: 'username' });
    expect(page.list).toEqual([
      {
        id: row.id,
        username: row.username,
        type: 0,
        mobile: null,
        email: null,
        available: 250_000,
        currency: 'VND',
        registeredAt: row.createdAt.toISOString(),
        registerIp: null,
        lastLoginAt: suite.time.clock().toISOString(),
        disabled: false,
      },
    ]);
    // A trial member's balance is its play money.
    const trial = await suite.newMember({ type: 4 });
    await ledger().post({
      merchantCode: 'kimlong',
      memberId: trial.row.id,
      idempotencyKey: `trial_credit:${trial.row.id}`,
      kind: 'trial_credit',
      amount: 2_000_000n,
    });
    expect((await search({ q: trial.row.username, field: 'username' })).list[0]).toMatchObject({
      type: 4,
      available: 2_000_000,
    });
  });

  it('details a member: profile, VIP level, balances, signed ledger lines, sessions and logins', async () => {
    const password = 'secret123';
    const registered = await registerByUsername(suite.app, { password });
    const [row] = await db().select().from(member).where(eq(member.username, registered.username));
    if (!row) throw new Error('registered member not found');
    await suite.fund(row.id, 1_200_000);
    const post = ledger().post;
    await post({
      merchantCode: 'kimlong',
      memberId: row.id,
      idempotencyKey: `bet:${randomUUID()}`,
      kind: 'bet',
      amount: 50_000n,
    });
    await post({
      merchantCode: 'kimlong',
      memberId: row.id,
      idempotencyKey: `hold:${randomUUID()}`,
      kind: 'withdrawal_hold',
      amount: 150_000n,
    });
    const login = (secret: string) =>
      postEncrypted(
        suite.app,
        API.login.path,
        { type: 'username', username: registered.username, password: secret },
        { ip: freshIp() },
      );
    suite.time.advance(1_000);
    expect((await login('wrong-password')).statusCode).toBe(401);

    const detail = await detailOf(row.id);
    expect(detail.member).toMatchObject({
      id: row.id,
      username: registered.username,
      vipLevel: 1,
      available: 1_000_000,
      held: 150_000,
      payeeName: row.payeeName,
      affiliateCode: null,
    });
    expect(
      detail.ledger.map(({ kind: lineKind, amount, balanceAfter }) => [lineKind, amount, balanceAfter]),
    ).toEqual([
      ['withdrawal_hold', -150_000, 1_000_000],
      ['bet', -50_000, 1_150_000],
      ['deposit', 1_200_000, 1_200_000],
    ]);
    expect(detail.sessions).toHaveLength(1);
    expect(detail.sessions[0]).toMatchObject({ active: true, device: 'H5' });
    // Registering signed the member in: that session is their first sign-in, the wrong password the next.
    const [registration] = detail.sessions;
    expect(detail.logins).toEqual([
      expect.objectContaining({ succeeded: false, method: 'password', reason: 'WRONG_CREDENTIALS' }),
      {
        ip: registration?.ip,
        country: null,
        succeeded: true,
        at: registration?.createdAt,
        method: 'register',
        reason: null,
        browser: null,
        system: null,
      },
    ]);

    // Unknown, or another merchant's: 404.
    const unknown = await request(adminCalls.adminMember, operators.support, {
      params: { memberId: randomUUID() },
    });
    expect([unknown.statusCode, codeOf(unknown)]).toEqual([404, 'NOT_FOUND']);
    const [home] = await db().select().from(merchant).where(eq(merchant.code, 'kimlong'));
    if (!home) throw new Error('seeded merchant missing');
    await db()
      .insert(merchant)
      .values({ ...home, code: 'othersite', name: 'Other' })
      .onConflictDoNothing();
    const stranger = await createTestMember(db(), { merchantCode: 'othersite' });
    const foreign = await request(adminCalls.adminMember, operators.support, {
      params: { memberId: stranger.id },
    });
    expect(foreign.statusCode).toBe(404);
    expect(usernamesOf(await search({ q: stranger.username }))).toEqual([]);
  });

  it('disabling ends the sessions at once, refuses the login, and is audited; enabling lets them back', async () => {
    const password = 'secret123';
    const registered = await registerByUsername(suite.app, { password });
    const [row] = await db().select().from(member).where(eq(member.username, registered.username));
    if (!row) throw new Error('registered member not found');
    // A second browser of the same member (the suite's member helper: a session made in the database).
    const other = await suite.newMember();
    expect((await call(suite.app, API.wallet, registered)).statusCode).toBe(200);
    expect((await call(suite.app, API.wallet, other.caller)).statusCode).toBe(200);

    // Support reads members but cannot disable them.
    const refused = await setDisabled(row.id, true, operators.support);
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, 'PERMISSION_DENIED']);

    suite.time.advance(1_000);
    const disabled = await setDisabled(row.id, true);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(json(disabled).value).toEqual({ disabled: true, sessionsEnded: 1 });
    const wallet = await call(suite.app, API.wallet, registered);
    expect([wallet.statusCode, codeOf(wallet)]).toEqual([401, 'SESSION_EXPIRED']);
    // After a refused attempt the login form asks a captcha (solved here from the dev outbox).
    const login = async () => {
      const ip = freshIp();
      return postEncrypted(
        suite.app,
        API.login.path,
        {
          type: 'username',
          username: registered.username,
          password,
          ...(await solvedCaptcha(suite.app, ip)),
        },
        { ip },
      );
    };
    const refusedLogin = await login();
    expect([refusedLogin.statusCode, codeOf(refusedLogin)]).toEqual([403, 'ACCOUNT_UNAVAILABLE']);
    const [session] = await db().select().from(memberSession).where(eq(memberSession.memberId, row.id));
    expect(session?.revokedAt?.toISOString()).toBe(suite.time.clock().toISOString());

    // The suite's member: its cookie stops working too.
    expect(json(await setDisabled(other.row.id, true)).value).toEqual({ disabled: true, sessionsEnded: 1 });
    const otherWallet = await call(suite.app, API.wallet, other.caller);
    expect([otherWallet.statusCode, codeOf(otherWallet)]).toEqual([401, 'SESSION_EXPIRED']);

    const detail = await detailOf(row.id);
    expect(detail.member.disabled).toBe(true);
    expect(detail.sessions.map((s) => s.active)).toEqual([false]);
    expect((await search({ q: registered.username, field: 'username' })).list[0]?.disabled).toBe(true);

    // Disabling again keeps the first time and ends nothing more.
    suite.time.advance(60_000);
    expect(json(await setDisabled(row.id, true)).value).toEqual({ disabled: true, sessionsEnded: 0 });
    const [still] = await db().select().from(member).where(eq(member.id, row.id));
    expect(still?.disabledAt?.getTime()).toBe(suite.time.clock().getTime() - 60_000);

    const enabled = await setDisabled(row.id, false);
    expect(json(enabled).value).toEqual({ disabled: false, sessionsEnded: 0 });
    const back = await login();
    expect(back.statusCode, back.body).toBe(200);
    // Signed in again, refused while disabled, signed in by registering.
    expect((await detailOf(row.id)).logins.map((entry) => entry.succeeded)).toEqual([true, false, true]);

    const entries = await auditOf(row.id);
    expect(entries.map((entry) => entry.action)).toEqual([
      'member.disable',
      'member.disable',
      'member.enable',
    ]);
    expect(entries[0]).toMatchObject({
      operatorId: operators.risk.id,
      operatorUsername: operators.risk.username,
      before: { disabled: false, disabledAt: null },
      after: { disabled: true, reason: 'chargeback fraud', sessionsEnded: 1 },
    });
    expect(entries[2]).toMatchObject({
      before: { disabled: true },
      after: { disabled: false, disabledAt: null, reason: 'cleared by review' },
    });
    // Failures the web screens handle: a bad body, an unknown member.
    const bad = await request(adminCalls.adminSetMemberDisabled, operators.risk, {
      params: { memberId: row.id },
      payload: { disabled: true, reason: '' },
    });
    expect([bad.statusCode, codeOf(bad)]).toEqual([400, 'INVALID_INPUT']);
    const unknown = await setDisabled(randomUUID(), true);
    expect([unknown.statusCode, codeOf(unknown)]).toEqual([404, 'NOT_FOUND']);
  });

  it('ends the open sessions of a member, audited; expired or ended ones are not counted', async () => {
    const { row, caller } = await suite.newMember();
    const second = await suite.newMember();
    // Move the second member's session onto the first member and add an expired one.
    await db()
      .update(memberSession)
      .set({ memberId: row.id })
      .where(eq(memberSession.memberId, second.row.id));
    const now = suite.time.clock();
    await db()
      .insert(memberSession)
      .values({
        memberId: row.id,
        tokenHash: randomUUID().replace(/-/g, '').padEnd(64, '0'),
        firstTimeLogin: false,
        createdAt: new Date(now.getTime() - 40 * 86_400_000),
        renewedAt: new Date(now.getTime() - 40 * 86_400_000),
        expiresAt: new Date(now.getTime() - 10 * 86_400_000),
        device: 'H5',
        ip: '127.0.0.1',
      });
    const end = () =>
      request(adminCalls.adminEndMemberSessions, operators.risk, { params: { memberId: row.id } });
    const ended = await end();
    expect(ended.statusCode, ended.body).toBe(200);
    expect(json(ended).value).toEqual({ sessionsEnded: 2 });
    expect((await call(suite.app, API.wallet, caller)).statusCode).toBe(401);
    expect((await call(suite.app, API.wallet, second.caller)).statusCode).toBe(401);
    expect(json(await end()).value).toEqual({ sessionsEnded: 0 });
    // Not disabled: the member may log in again.
    expect((await detailOf(row.id)).member.disabled).toBe(false);
    const entries = await auditOf(row.id);
    expect(entries.map((entry) => [entry.action, entry.after])).toEqual([
      ['member.end_sessions', { username: row.username, openSessions: 0, sessionsEnded: 2 }],
      ['member.end_sessions', { username: row.username, openSessions: 0, sessionsEnded: 0 }],
    ]);
    const unknown = await request(adminCalls.adminEndMemberSessions, operators.risk, {
      params: { memberId: randomUUID() },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('e-mails a member the password-reset link they use, names only the address, once a minute, audited', async () => {
    const { row, caller } = await suite.newMember();
    const email = `reset.${row.username}@example.com`;
    // An address the member verified (the link goes to no other).
    const verified = { emailVerifiedAt: suite.time.clock() };
    await db()
      .update(member)
      .set({ email, ...verified })
      .where(eq(member.id, row.id));
    const send = (memberId = row.id) =>
      request(adminCalls.adminSendMemberPasswordReset, operators.risk, { params: { memberId } });
    const mailsTo = async (address: string) =>
      (await outbox(suite.app, 'email')).filter((entry) => entry.to === address);

    const sent = await send();
    expect(sent.statusCode, sent.body).toBe(200);
    expect(json(sent).value).toEqual({ sentTo: email });
    const [mail, ...more] = await mailsTo(email);
    expect(more).toEqual([]);
    const token = mail?.code ?? '';
    expect(mail?.text).toContain(`/m/forget?type=email&token=${token}`);
    // The operator is answered with the address, never the link.
    expect(sent.body).not.toContain(token);

    // Within the minute: refused, and nothing more is sent.
    const again = await send();
    expect(again.statusCode).toBe(429);
    expect(json(again)).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      value: { reason: 'RESET_EMAIL_INTERVAL' },
    });
    expect(await mailsTo(email)).toHaveLength(1);

    // The member sets a new password through the link: their sessions end, as a forgotten password's do.
    const reset = await call(
      suite.app,
      API.resetPassword,
      { ip: freshIp() },
      { payload: { token, newPassword: 'fresh1234', confirmNewPassword: 'fresh1234' } },
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await call(suite.app, API.wallet, caller)).statusCode).toBe(401);

    suite.time.advance(61_000);
    expect((await send()).statusCode).toBe(200);
    expect(await mailsTo(email)).toHaveLength(2);
    expect((await auditOf(row.id)).map((entry) => [entry.action, entry.after])).toEqual([
      ['member.password_reset_sent', { username: row.username, sentTo: email }],
      ['member.password_reset_sent', { username: row.username, sentTo: email }],
    ]);

    // Two clicks at once: one e-mail; the member's row is locked before the last one is read.
    const { row: other } = await suite.newMember();
    const otherEmail = `reset.${other.username}@example.com`;
    await db()
      .update(member)
      .set({ email: otherEmail, ...verified })
      .where(eq(member.id, other.id));
    const both = await Promise.all([send(other.id), send(other.id)]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 429]);
    expect(await mailsTo(otherEmail)).toHaveLength(1);

    const { row: noMail } = await suite.newMember();
    const refused = await send(noMail.id);
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe('MEMBER_HAS_NO_EMAIL');
    expect(await auditOf(noMail.id)).toEqual([]);
    // An address the member never verified, which an insider could have typed in: refused, nothing sent.
    const unverified = `typed.${noMail.username}@example.com`;
    await db().update(member).set({ email: unverified }).where(eq(member.id, noMail.id));
    const notVerified = await send(noMail.id);
    expect(notVerified.statusCode).toBe(409);
    expect(codeOf(notVerified)).toBe('MEMBER_EMAIL_NOT_VERIFIED');
    expect(await mailsTo(unverified)).toEqual([]);
    expect(await auditOf(noMail.id)).toEqual([]);
    expect((await send(randomUUID())).statusCode).toBe(404);
  });

  it('lists the member’s sign-ins and the refused attempts on their username and mobile number', async () => {
    const { row } = await suite.newMember();
    await db()
      .update(member)
      .set({ countryDialingCode: '+84', mobileNum: '912000111' })
      .where(eq(member.id, row.id));
    const at = (minutes: number) => new Date(suite.time.clock().getTime() - minutes * 60_000);
    const attempt = (account: string, succeeded: boolean, minutes: number) => ({
      merchantCode: 'kimlong',
      account,
      ip: `10.200.0.${minutes}`,
      succeeded,
      createdAt: at(minutes),
    });
    await db()
      .insert(loginAttempt)
      .values([
        attempt(row.username.toUpperCase(), false, 3),
        attempt(row.username.toLowerCase(), false, 3),
        attempt('+84912000111', false, 2),
        attempt(`${row.username.toLowerCase()}x`, false, 1),
        { ...attempt(row.username.toLowerCase(), false, 4), merchantCode: 'othersite' },
        // A success names its member (the session it started keeps it: auth/session-service.ts); one that
        // names only what was typed is not this member's sign-in.
        attempt(row.username.toLowerCase(), true, 5),
        {
          ...attempt(row.username.toLowerCase(), true, 6),
          memberId: row.id,
          method: 'sms' as const,
          userAgent:
            'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Version/17.4 Mobile Safari/604.1',
        },
      ]);
    const detail = await detailOf(row.id);
    const refusal = { country: null, method: null, reason: null, browser: null, system: null };
    expect(detail.logins).toEqual([
      { ip: '10.200.0.2', succeeded: false, at: at(2).toISOString(), ...refusal },
      { ip: '10.200.0.3', succeeded: false, at: at(3).toISOString(), ...refusal },
      {
        ip: '10.200.0.6',
        country: null,
        succeeded: true,
        at: at(6).toISOString(),
        method: 'sms',
        reason: null,
        browser: 'Safari',
        system: 'iPhone',
      },
    ]);
  });

  /** Tags the member with a tag of that name (added to the vocabulary if new); answers the tag's id. */
  async function tagMember(memberId: string, name: string): Promise<number> {
    const risk = await value(adminCalls.adminAddMemberTag, operators.risk, {
      params: { memberId },
      payload: { name },
    });
    const found = risk.tags.find((each) => each.name.toLowerCase() === name.toLowerCase());
    if (!found) throw new Error(`the tag ${name} is not on the member`);
    return found.id;
  }

  it('finds the members carrying a tag, alone or with a search', async () => {
    const { prefix, first, second } = await searchable();
    const tagId = await tagMember(first.id, `watch ${prefix}`);
    expect(usernamesOf(await search({ tagId: String(tagId) }))).toEqual([first.username]);
    expect(usernamesOf(await search({ q: prefix, field: 'username', tagId: String(tagId) }))).toEqual([
      first.username,
    ]);
    // Both members carry another tag: the search then narrows them.
    const shared = await tagMember(second.id, `ring ${prefix}`);
    await tagMember(first.id, `ring ${prefix}`);
    expect(usernamesOf(await search({ tagId: String(shared) }))).toEqual([second.username, first.username]);
    expect(
      usernamesOf(await search({ q: second.username, field: 'username', tagId: String(shared) })),
    ).toEqual([second.username]);
    // A tag nobody carries finds nobody; a tag that is not a number is bad input.
    expect((await search({ tagId: '2000000000' })).total).toBe(0);
    const bad = await request(adminCalls.adminMembers, operators.support, { query: { tagId: 'vip' } });
    expect(bad.statusCode).toBe(400);
    expect(codeOf(bad)).toBe('INVALID_INPUT');
  });

  it('exports every member the search selects as CSV, in the merchant’s time zone, audited', async () => {
    const { prefix, first, second, mobile, email, ip } = await searchable();
    // Registered at 20:05:09 UTC on 31 January: 03:05:09 on 1 February in Vietnam.
    await db()
      .update(member)
      .set({ createdAt: new Date('2030-01-31T20:05:09.250Z') })
      .where(eq(member.id, first.id));
    await db()
      .update(member)
      .set({
        createdAt: new Date('2030-02-01T01:00:00.000Z'),
        email: '=HYPERLINK("http://evil.example","x")',
        disabledAt: new Date('2030-02-02T00:00:00.000Z'),
      })
      .where(eq(member.id, second.id));
    await suite.fund(first.id, 1_250_000);
    const exportCsv = (query: Record<string, string>, operator = operators.support) =>
      request(adminCalls.adminMembersCsv, operator, { query });

    const response = await exportCsv({ q: prefix, field: 'username', lang: 'en' });
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="members-\d{8}-\d{6}\.csv"$/,
    );
    expect(csvLines(response)).toEqual([
      'Username,Member type,Mobile,Email,Available (VND),Registered,Register IP,Last login,Status,Member ID',
      // Newest first; a text a spreadsheet would run as a formula starts with ' (the +84 of a mobile too).
      `${second.username},Member,,"'=HYPERLINK(""http://evil.example"",""x"")",0,2030-02-01T08:00:00+07:00,,,Disabled,${second.id}`,
      `${first.username},Member,'+84 ${mobile},${email},1250000,2030-02-01T03:05:09+07:00,${ip},,Active,${first.id}`,
    ]);
    // The header row and the words in Vietnamese by default; the tag filter applies as on the list.
    const tagId = await tagMember(first.id, `export ${prefix}`);
    expect(csvLines(await exportCsv({ tagId: String(tagId) }))).toEqual([
      'Tên đăng nhập,Loại thành viên,Số điện thoại,Email,Số dư khả dụng (VND),Ngày đăng ký,IP đăng ký,Đăng nhập gần nhất,Trạng thái,Mã thành viên',
      `${first.username},Thành viên,'+84 ${mobile},${email},1250000,2030-02-01T03:05:09+07:00,${ip},,Hoạt động,${first.id}`,
    ]);

    // Who exported which filter, and how many rows, is audited.
    const audited = await value(adminCalls.adminAudit, operators.owner, {
      query: { action: 'member.export', operator: operators.support.username },
    });
    expect(audited.list.map((entry) => [entry.operatorUsername, entry.targetType, entry.after])).toEqual([
      [
        operators.support.username,
        'members',
        { filter: { field: 'any', tagId }, lang: 'vi', rows: 1, timeZone: 'Asia/Ho_Chi_Minh' },
      ],
      [
        operators.support.username,
        'members',
        { filter: { q: prefix, field: 'username' }, lang: 'en', rows: 2, timeZone: 'Asia/Ho_Chi_Minh' },
      ],
    ]);

    // Whoever may not read members may not export them; nobody signed out.
    const refused = await exportCsv({ q: prefix }, operators.content);
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe('PERMISSION_DENIED');
    expect((await request(adminCalls.adminMembersCsv, undefined, { query: { q: prefix } })).statusCode).toBe(
      401,
    );
    const bad = await exportCsv({ q: prefix, lang: 'fr' });
    expect(bad.statusCode).toBe(400);
    expect(codeOf(bad)).toBe('INVALID_INPUT');
  });
});
