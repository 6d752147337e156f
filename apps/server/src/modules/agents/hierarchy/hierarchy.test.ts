import { API } from '@kl/contracts';
import { adminCalls } from '@kl/contracts/admin/calls';
import { agentApplicationState, agentLink, agentLinks, agentLinkVisit } from '@kl/contracts/agents';
import { failureEnvelope } from '@kl/contracts/envelope';
import { ERROR_MESSAGES } from '@kl/contracts/error-messages';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import {
  affiliateCode,
  agent,
  member,
  memberUpline,
  registrationFieldRule,
} from '../../../db/schema/index.ts';
import {
  call,
  type Caller,
  freshIp,
  freshUsername,
  sessionCookieOf,
  solvedCaptcha,
} from '../../../test/accounts.ts';
import { answerValue, expectFailure } from '../../../test/answers.ts';
import { json } from '../../../test/app.ts';
import { useBackOfficeSuite } from '../../../test/back-office.ts';
import { describeEachDatabase } from '../../../test/databases.ts';

const PASSWORD = 'secret123';
const withCode = (entry: { method: string; path: string }, code: string) => ({
  ...entry,
  path: entry.path.replace(':code', encodeURIComponent(code)),
});

describeEachDatabase('agent hierarchy and links', { embedded: true }, (kind) => {
  const { suite, operators, request } = useBackOfficeSuite(
    kind,
    { owner: 'owner' },
    { config: { devOutbox: true } },
  );
  const db = () => suite.database.current.db;

  const makeAgent = (username: string) =>
    request(adminCalls.adminMakeAgent, operators.owner, { payload: { username } });
  /** A member made in the database, then made an agent by the operator. */
  const newAgent = async () => {
    const made = await suite.newMember();
    answerValue(adminCalls.adminMakeAgent, await makeAgent(made.row.username));
    return made;
  };
  /** Registers through the web app's form, with the code in `affiliateCode`. */
  const register = async (affiliateCode?: string) => {
    const ip = freshIp();
    const username = freshUsername('dl');
    const response = await call(
      suite.app,
      API.register,
      { ip },
      {
        payload: {
          registerMethod: 'H5',
          username,
          password: PASSWORD,
          confirmPassword: PASSWORD,
          ...(affiliateCode && { affiliateCode }),
          ...(await solvedCaptcha(suite.app, ip)),
        },
      },
    );
    return { response, username, caller: { ip, cookie: sessionCookieOf(response) ?? '' } };
  };
  const memberOf = async (username: string) => {
    const [row] = await db().select().from(member).where(eq(member.username, username));
    if (!row) throw new Error(`no member ${username}`);
    return row;
  };
  const uplinesOf = async (memberId: string) =>
    db()
      .select({ upline: memberUpline.uplineMemberId, depth: memberUpline.depth })
      .from(memberUpline)
      .where(eq(memberUpline.memberId, memberId))
      .orderBy(asc(memberUpline.depth));
  const agentRow = async (memberId: string) => {
    const [row] = await db().select().from(agent).where(eq(agent.memberId, memberId));
    return row;
  };
  const createLink = (caller: Caller, payload: object) =>
    call(suite.app, API.agentCreateLink, caller, { payload });
  const newLink = async (caller: Caller, payload: object = {}) =>
    answerValue(API.agentCreateLink, await createLink(caller, payload));
  const linksOf = async (caller: Caller) =>
    answerValue(API.agentLinks, await call(suite.app, API.agentLinks, caller));
  const visit = (code: string, lang = 'en') =>
    suite.app.inject({
      method: 'POST',
      url: API.agentLinkVisit.path,
      remoteAddress: freshIp(),
      headers: { 'accept-language': lang },
      payload: { code },
    });
  const expectIncorrect = (response: LightMyRequestResponse, lang: 'en' | 'vi') => {
    expectFailure(response, 400, 'AGENT_LINK_INCORRECT');
    expect(failureEnvelope.parse(json(response)).message).toBe(ERROR_MESSAGES[lang].AGENT_LINK_INCORRECT);
  };

  it('makes a member a top agent once; unknown and trial members are refused', async () => {
    const { row, caller } = await suite.newMember();
    const made = answerValue(adminCalls.adminMakeAgent, await makeAgent(row.username.toUpperCase()));
    expect(made).toMatchObject({ memberId: row.id, type: 1, level: 1, parentUsername: null, teamSize: 0 });
    expect((await memberOf(row.username)).type).toBe(1);
    const state = answerValue(
      API.agentApplicationState,
      await call(suite.app, API.agentApplicationState, caller),
    );
    expect(agentApplicationState.parse(state)).toEqual({ isAgent: true, application: null });

    expectFailure(await makeAgent(row.username), 409, 'ALREADY_AGENT');
    expectFailure(await makeAgent('nosuchmember1'), 404, 'NOT_FOUND');
    const trial = await suite.newMember({ type: 4 });
    expectFailure(await makeAgent(trial.row.username), 400, 'INVALID_INPUT');
    expect(await agentRow(trial.row.id)).toBeUndefined();
  });

  it('makes one agent of two calls at once', async () => {
    const { row } = await suite.newMember();
    const answers = await Promise.all([makeAgent(row.username), makeAgent(row.username)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const [rows] = await db()
      .select({ total: sql<number>`count(*)::int` })
      .from(agent)
      .where(eq(agent.memberId, row.id));
    expect(rows?.total).toBe(1);
  });

  it('creates, lists, disables and counts visits of links; bad links are AGENT_LINK_INCORRECT in both languages', async () => {
    const plain = await suite.newMember();
    expectFailure(await createLink(plain.caller, {}), 409, 'MEMBER_NOT_AGENT');
    expectFailure(await call(suite.app, API.agentLinks, plain.caller), 409, 'MEMBER_NOT_AGENT');

    const { row, caller } = await newAgent();
    const link = agentLink.parse(await newLink(caller, { campaign: 'Zalo group' }));
    expect(link).toMatchObject({
      kind: 'member',
      campaign: 'Zalo group',
      active: true,
      clicks: 0,
      registrations: 0,
    });
    expect(link.code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(link.url).toMatch(new RegExp(`^https?://[^/]+/m/register\\?agent=${link.code}$`));
    expect(link.qrDataUrl).toMatch(/^data:image\/svg\+xml/);
    const sub = await newLink(caller, { kind: 'agent' });
    expect(sub.kind).toBe('agent');
    expect(sub.code).not.toBe(link.code);

    const visited = agentLinkVisit.parse(
      answerValue(API.agentLinkVisit, await visit(link.code.toLowerCase())),
    );
    expect(visited).toEqual({
      code: link.code,
      kind: 'member',
      agent: `${row.username.slice(0, 2)}***${row.username.slice(-1)}`,
    });
    answerValue(API.agentLinkVisit, await visit(link.code));
    const listed = agentLinks.parse(await linksOf(caller)).links;
    // Both made in the same instant: their order is the code's then.
    expect(listed.map((item) => [item.code, item.clicks])).toEqual(
      [
        [sub.code, 0],
        [link.code, 2],
      ].sort(([a], [b]) => String(a).localeCompare(String(b))),
    );

    // Disabled: visits are refused (and not counted); only the agent's own link can be switched.
    const other = await newAgent();
    expectFailure(
      await call(suite.app, withCode(API.agentUpdateLink, link.code), other.caller, {
        payload: { active: false },
      }),
      404,
      'NOT_FOUND',
    );
    const off = await call(suite.app, withCode(API.agentUpdateLink, link.code.toLowerCase()), caller, {
      payload: { active: false },
    });
    expect(answerValue(API.agentUpdateLink, off)).toMatchObject({
      code: link.code,
      active: false,
      clicks: 2,
    });
    expectIncorrect(await visit(link.code, 'en'), 'en');
    expectIncorrect(await visit(link.code, 'vi'), 'vi');
    expectIncorrect(await visit('NOSUCHCODE', 'vi'), 'vi');
    // An invitation code that is no agent's link.
    await db()
      .insert(affiliateCode)
      .values({ merchantCode: 'kimlong', code: 'PLAIN2030', agentMemberId: null });
    expectIncorrect(await visit('PLAIN2030', 'en'), 'en');
    expect((await linksOf(caller)).links.find((item) => item.code === link.code)?.clicks).toBe(2);

    const on = await call(suite.app, withCode(API.agentUpdateLink, link.code), caller, {
      payload: { active: true },
    });
    expect(answerValue(API.agentUpdateLink, on).active).toBe(true);
    answerValue(API.agentLinkVisit, await visit(link.code));
  });

  it('registers through a member link and a sub-agent link, writing the chain and counting registrations', async () => {
    const top = await newAgent();
    const memberLink = await newLink(top.caller, { campaign: 'Facebook' });
    const subLink = await newLink(top.caller, { kind: 'agent' });

    // A member of the top agent's direct downline.
    const direct = await register(memberLink.code.toLowerCase());
    expect(direct.response.statusCode, direct.response.body).toBe(200);
    const directRow = await memberOf(direct.username);
    expect(directRow.type).toBe(0);
    expect(directRow.affiliateCode).toBe(memberLink.code);
    expect(await uplinesOf(directRow.id)).toEqual([{ upline: top.row.id, depth: 1 }]);

    // A sub-agent, one level below, which brings members of its own.
    const subAgent = await register(subLink.code);
    expect(subAgent.response.statusCode, subAgent.response.body).toBe(200);
    const subRow = await memberOf(subAgent.username);
    expect(subRow.type).toBe(2);
    expect(json<{ value: { type: number } }>(subAgent.response).value.type).toBe(2);
    expect(await agentRow(subRow.id)).toMatchObject({
      parentMemberId: top.row.id,
      level: 2,
      createdBy: `link:${subLink.code}`,
    });
    expect(await uplinesOf(subRow.id)).toEqual([{ upline: top.row.id, depth: 1 }]);
    const subMemberLink = await newLink(subAgent.caller);
    const grandchild = await register(subMemberLink.code);
    expect(grandchild.response.statusCode, grandchild.response.body).toBe(200);
    expect(await uplinesOf((await memberOf(grandchild.username)).id)).toEqual([
      { upline: subRow.id, depth: 1 },
      { upline: top.row.id, depth: 2 },
    ]);

    const counts = (await linksOf(top.caller)).links.map((item) => [item.code, item.registrations]);
    expect(counts).toEqual(
      expect.arrayContaining([
        [memberLink.code, 1],
        [subLink.code, 1],
      ]),
    );
    expect((await linksOf(subAgent.caller)).links[0]?.registrations).toBe(1);

    // The operator sees the teams.
    const page = answerValue(
      adminCalls.adminAgents,
      await request(adminCalls.adminAgents, operators.owner, { query: { username: top.row.username } }),
    );
    expect(page.list[0]).toMatchObject({ memberId: top.row.id, directSize: 2, teamSize: 3, activeLinks: 2 });
  });

  it('keeps a plain invitation code as before, and refuses an unknown or disabled one', async () => {
    await db()
      .insert(affiliateCode)
      .values({ merchantCode: 'kimlong', code: 'PLAIN2031', agentMemberId: null });
    const plain = await register('plain2031');
    expect(plain.response.statusCode, plain.response.body).toBe(200);
    const row = await memberOf(plain.username);
    expect(row).toMatchObject({ type: 0, affiliateCode: 'PLAIN2031' });
    expect(await uplinesOf(row.id)).toEqual([]);

    expectFailure((await register('NOSUCH77')).response, 400, 'INVALID_INVITATION_CODE');
    const top = await newAgent();
    const link = await newLink(top.caller);
    await call(suite.app, withCode(API.agentUpdateLink, link.code), top.caller, {
      payload: { active: false },
    });
    expectFailure((await register(link.code)).response, 400, 'INVALID_INVITATION_CODE');
    expect((await linksOf(top.caller)).links[0]?.registrations).toBe(0);
  });

  it('takes an agent link code where the form hides the invitation code, and only an agent link code', async () => {
    const hide = (enabled: boolean) =>
      db()
        .insert(registrationFieldRule)
        .values({ merchantCode: 'kimlong', field: 'affiliateCode', enabled, required: false })
        .onConflictDoUpdate({
          target: [registrationFieldRule.merchantCode, registrationFieldRule.field],
          set: { enabled, required: false },
        });
    const top = await newAgent();
    const link = await newLink(top.caller);
    await db()
      .insert(affiliateCode)
      .values({ merchantCode: 'kimlong', code: 'PLAIN2032', agentMemberId: null });
    await hide(false);
    try {
      const joined = await register(link.code);
      expect(joined.response.statusCode, joined.response.body).toBe(200);
      expect(await uplinesOf((await memberOf(joined.username)).id)).toEqual([
        { upline: top.row.id, depth: 1 },
      ]);
      // A plain invitation code is still refused while the field is hidden, as any hidden field is.
      expectFailure((await register('PLAIN2032')).response, 400, 'INVALID_INPUT');
    } finally {
      await hide(true);
    }
  });

  it('stops at the merchant depth: no sub-agent links, no deeper agents', async () => {
    await suite.setMerchant({ agentMaxDepth: 2 });
    try {
      const top = await newAgent();
      const subLink = await newLink(top.caller, { kind: 'agent' });
      const sub = await register(subLink.code);
      expect((await memberOf(sub.username)).type).toBe(2);
      // Level 2 of 2: a sub-agent link is refused, a member link is not.
      expectFailure(await createLink(sub.caller, { kind: 'agent' }), 409, 'AGENT_DEPTH_LIMIT');
      const memberLink = await newLink(sub.caller);
      const below = await register(memberLink.code);
      expectFailure(await makeAgent(below.username), 409, 'AGENT_DEPTH_LIMIT');
      expect(await agentRow((await memberOf(below.username)).id)).toBeUndefined();

      // A sub-agent link made while the depth allowed registers plain members once it no longer does.
      await suite.setMerchant({ agentMaxDepth: 1 });
      const late = await register(subLink.code);
      expect(late.response.statusCode, late.response.body).toBe(200);
      const lateRow = await memberOf(late.username);
      expect(lateRow.type).toBe(0);
      expect(await uplinesOf(lateRow.id)).toEqual([{ upline: top.row.id, depth: 1 }]);
      const counted = await db()
        .select({ registrations: affiliateCode.registrations })
        .from(affiliateCode)
        .where(and(eq(affiliateCode.merchantCode, 'kimlong'), eq(affiliateCode.code, subLink.code)));
      expect(counted[0]?.registrations).toBe(2);
    } finally {
      await suite.setMerchant({ agentMaxDepth: 3 });
    }
  });
});
