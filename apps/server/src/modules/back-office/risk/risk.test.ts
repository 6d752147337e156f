import { randomUUID } from 'node:crypto';
import { API, successEnvelope } from '@kl/contracts';
import { adminCalls } from '@kl/contracts/admin/calls';
import { type MemberRisk, type RiskSignal } from '@kl/contracts/admin/risk';
import { promotionClaims } from '@kl/contracts/promotions';
import { bankAccount } from '@kl/contracts/withdrawal';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { member, memberNote } from '../../../db/schema/index.ts';
import { call, type Caller, freshIp, registerByUsername, solvedCaptcha } from '../../../test/accounts.ts';
import { json } from '../../../test/app.ts';
import { useBackOfficeSuite } from '../../../test/back-office.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import { usePromotionIds } from '../../../test/suite.ts';
import { giveApprovedKyc } from '../../kyc/testing.ts';
import { createLedgerRepository, createLedgerService } from '../../wallet/index.ts';

const PASSWORD = '246810';

describeEachDatabase('back-office risk queue, notes, tags and restrictions', (kind) => {
  const { suite, operators, request, value, auditTrail } = useBackOfficeSuite(
    kind,
    {
      owner: 'owner',
      risk: 'risk',
      riskReader: 'risk',
      finance: 'finance',
      support: 'support',
      content: 'content',
    },
    { config: { rateLimitMax: 100_000 } },
  );
  const ids = usePromotionIds(suite.database);
  const db = () => suite.database.current.db;
  const codeOf = (response: LightMyRequestResponse) => json<{ code?: string }>(response).code;
  const reasonOf = (response: LightMyRequestResponse) =>
    json<{ value?: { reason?: string } }>(response).value?.reason;

  async function newMember(values: { registerIp?: string; registerDevice?: string } = {}) {
    const created = await suite.newMember();
    if (values.registerIp || values.registerDevice) {
      await db().update(member).set(values).where(eq(member.id, created.row.id));
    }
    return created;
  }
  let accountNumbers = 300_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
  const nextAccountNumber = () => String((accountNumbers += 1));
  const bind = (caller: Caller, accountNumber: string) =>
    call(suite.app, API.addBankAccount, caller, {
      payload: { bankCode: 'ACB', accountNumber, accountName: 'NGUYEN VAN AN' },
    });
  const signals = (query: Record<string, string> = {}, operator = operators.support) =>
    value(adminCalls.adminRiskSignals, operator, { query: { pageSize: '100', ...query } });
  const signalsOf = async (memberId: string, query: Record<string, string> = {}) =>
    (await signals(query)).list.filter(
      (signal) => signal.member.id === memberId || signal.otherMember?.id === memberId,
    );
  const riskOf = (memberId: string) =>
    value(adminCalls.adminMemberRisk, operators.finance, { params: { memberId } });
  const restrict = (memberId: string, kind: 'bonus' | 'withdrawal', restricted: boolean) =>
    request(adminCalls.adminSetMemberRestriction, operators.risk, {
      params: { memberId, kind },
      payload: { restricted, reason: restricted ? 'bonus hunting ring' : 'cleared after a call' },
    });

  it('lists a bank account refused through the player’s API, and a reviewer marks it reviewed once', async () => {
    const owner = await newMember();
    const other = await newMember();
    const number = nextAccountNumber();
    expect((await bind(owner.caller, number)).statusCode).toBe(200);
    const taken = await bind(other.caller, number);
    expect(codeOf(taken)).toBe('BANK_ACCOUNT_TAKEN');

    const [signal] = await signalsOf(other.row.id, { kind: 'bank_account_conflict' });
    expect(signal).toMatchObject({
      kind: 'bank_account_conflict',
      status: 'open',
      member: { id: other.row.id, username: other.row.username },
      otherMember: { id: owner.row.id, username: owner.row.username },
      detail: { bankCode: 'ACB' },
      reviewedBy: null,
    });
    if (!signal) throw new Error('no signal');
    expect((await signals({ status: 'reviewed' })).list.map((each) => each.id)).not.toContain(signal.id);

    // Reading is not reviewing: finance and support read the queue, only risk and owners review it.
    const review = (operator = operators.risk, note = 'same household, one account') =>
      request(adminCalls.adminReviewRiskSignal, operator, {
        params: { signalId: signal.id },
        payload: { note },
      });
    expect(codeOf(await review(operators.finance))).toBe('PERMISSION_DENIED');
    expect(codeOf(await review(operators.content))).toBe('PERMISSION_DENIED');
    const blank = await request(adminCalls.adminReviewRiskSignal, operators.risk, {
      params: { signalId: signal.id },
      payload: { note: '   ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(codeOf(blank)).toBe('INVALID_INPUT');

    const reviewed = await review();
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(json<{ value: RiskSignal }>(reviewed).value).toMatchObject({
      status: 'reviewed',
      reviewedBy: operators.risk.username,
      reviewNote: 'same household, one account',
    });
    // The same click again answers it unchanged; another operator's review is refused, the first stands.
    expect((await review()).statusCode).toBe(200);
    const again = await review(operators.owner, 'another view');
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('RISK_SIGNAL_REVIEWED');
    expect((await signalsOf(other.row.id, { status: 'open' })).map((each) => each.id)).not.toContain(
      signal.id,
    );
    const listed = (await signalsOf(other.row.id, { status: 'reviewed' })).find(
      (each) => each.id === signal.id,
    );
    expect(listed).toMatchObject({
      reviewedBy: operators.risk.username,
      reviewNote: 'same household, one account',
    });

    const trail = await auditTrail(operators.owner, 'risk_signal', signal.id);
    expect(trail.map((entry) => [entry.action, entry.operatorUsername])).toEqual([
      ['risk_signal.review', operators.risk.username],
    ]);
    expect(trail[0]?.after).toMatchObject({ status: 'reviewed', note: 'same household, one account' });

    const unknown = await request(adminCalls.adminReviewRiskSignal, operators.risk, {
      params: { signalId: 2_000_000_000 },
      payload: { note: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await request(adminCalls.adminRiskSignals, operators.content, {})).statusCode).toBe(403);
    expect(
      codeOf(await request(adminCalls.adminRiskSignals, operators.risk, { query: { kind: 'nope' } })),
    ).toBe('INVALID_INPUT');
  });

  it('lists a referral bonus refused through the player’s API with its reason', async () => {
    const referrer = await newMember({ registerIp: '198.51.100.77' });
    const code = json<{ value: { code: string } }>(await call(suite.app, API.myReferral, referrer.caller))
      .value.code;
    const friend = await newMember({ registerIp: '198.51.100.77' });
    await db().update(member).set({ recommenderId: code }).where(eq(member.id, friend.row.id));
    await suite.deposit(friend.caller, 100_000, 1_000);
    // The friend qualifies once 100,000 ₫ are staked: five spins of 20 lines at 1,000 ₫.
    const statuses: number[] = [];
    while (statuses.length < 5) {
      const payload = { lineBet: 1_000, requestKey: randomUUID() };
      statuses.push((await call(suite.app, API.slotSpin, friend.caller, { payload })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const claims = successEnvelope(promotionClaims).parse(
      json(await call(suite.app, API.promotionClaims, referrer.caller)),
    ).value.list;
    expect(claims.filter((claim) => claim.promotionId === ids.INVITE50)).toMatchObject([
      { status: 'rejected', reason: 'REFERRAL_SHARED_ADDRESS' },
    ]);
    // Reading the claims again writes no second signal.
    await call(suite.app, API.promotionClaims, referrer.caller);
    const listed = await signalsOf(referrer.row.id, { kind: 'referral_refused' });
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      status: 'open',
      member: { id: referrer.row.id, username: referrer.row.username },
      otherMember: { id: friend.row.id, username: friend.row.username },
      detail: { reason: 'REFERRAL_SHARED_ADDRESS', promotionId: ids.INVITE50 },
    });
  });

  it('adds notes (never changed) and tags from the merchant’s vocabulary, audited', async () => {
    const { row } = await newMember();
    const memberId = row.id;
    const note = (text: string, operator = operators.risk) =>
      request(adminCalls.adminAddMemberNote, operator, { params: { memberId }, payload: { text } });
    expect((await note('Called about two accounts')).statusCode).toBe(200);
    const second = await note('Correction: three accounts', operators.owner);
    const noted = json<{ value: MemberRisk }>(second).value;
    expect(noted.notes.map((each) => [each.text, each.operator])).toEqual([
      ['Correction: three accounts', operators.owner.username],
      ['Called about two accounts', operators.risk.username],
    ]);
    expect(codeOf(await note('not mine', operators.support))).toBe('PERMISSION_DENIED');
    expect(codeOf(await note(''))).toBe('INVALID_INPUT');
    expect(codeOf(await note('x'.repeat(1001)))).toBe('INVALID_INPUT');
    // The table refuses a change of a note.
    await expect(
      db().update(memberNote).set({ text: 'rewritten' }).where(eq(memberNote.memberId, memberId)),
    ).rejects.toThrow();

    const tagName = `Watch ${randomUUID().slice(0, 8)}`;
    const tag = (name: string) =>
      request(adminCalls.adminAddMemberTag, operators.risk, { params: { memberId }, payload: { name } });
    const tagged = json<{ value: MemberRisk }>(await tag(tagName)).value;
    expect(tagged.tags.map((each) => each.name)).toEqual([tagName]);
    // The same name in another case is the same tag, and tagging twice changes nothing.
    expect(json<{ value: MemberRisk }>(await tag(tagName.toUpperCase())).value.tags).toEqual(tagged.tags);
    const vocabulary = await value(adminCalls.adminMemberTags, operators.support, {});
    expect(vocabulary.list.find((each) => each.name === tagName)).toMatchObject({ members: 1 });

    const tagId = tagged.tags[0]?.id ?? 0;
    const removed = await request(adminCalls.adminRemoveMemberTag, operators.risk, {
      params: { memberId, tagId },
    });
    expect(json<{ value: MemberRisk }>(removed).value.tags).toEqual([]);
    expect(
      (await value(adminCalls.adminMemberTags, operators.support, {})).list.find((each) => each.id === tagId),
    ).toMatchObject({ members: 0 });
    const unknownTag = await request(adminCalls.adminRemoveMemberTag, operators.risk, {
      params: { memberId, tagId: 2_000_000_000 },
    });
    expect(unknownTag.statusCode).toBe(404);

    const detail = await riskOf(memberId);
    expect(detail.notes).toHaveLength(2);
    const trail = await auditTrail(operators.owner, 'member', memberId);
    expect(trail.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['member.note', 'member.note', 'member.tag', 'member.tag']),
    );
    expect(trail.filter((entry) => entry.action === 'member.tag')).toHaveLength(2);
    const added = trail.find(
      (entry) => entry.action === 'member.tag' && (entry.after as { added?: string }).added,
    );
    expect(added).toMatchObject({ before: { tags: [] }, after: { tags: [tagName] } });

    const unknown = await request(adminCalls.adminAddMemberNote, operators.risk, {
      params: { memberId: randomUUID() },
      payload: { text: 'nobody' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await request(adminCalls.adminMemberRisk, operators.content, { params: { memberId } })).statusCode,
    ).toBe(403);
  });

  it('a member restricted from bonuses is refused applying and claiming; lifting it lets them through', async () => {
    const { row, caller } = await newMember();
    const apply = (promotionId: number | undefined) =>
      call(suite.app, API.applyPromotion, caller, { payload: { promotionId } });
    expect(codeOf(await restrict(row.id, 'bonus', true))).toBeUndefined();
    const refused = await apply(ids.WELCOME100);
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe('MEMBER_RESTRICTED');
    expect(reasonOf(refused)).toBe('BONUS_RESTRICTED');
    expect(json<{ message: string }>(refused).message).toMatch(/customer service/);

    expect((await restrict(row.id, 'bonus', false)).statusCode).toBe(200);
    expect((await apply(ids.WELCOME100)).statusCode).toBe(200);
    await suite.deposit(caller, 1_000_000, 1_000);
    const issued = successEnvelope(promotionClaims)
      .parse(json(await call(suite.app, API.promotionClaims, caller)))
      .value.list.find((claim) => claim.promotionId === ids.WELCOME100);
    expect(issued?.status).toBe('issued');

    // Restricted between the issue and the claim: the credit is refused, nothing is paid.
    await restrict(row.id, 'bonus', true);
    const claim = () => call(suite.app, API.claimBonus, caller, { payload: { claimId: issued?.id } });
    const blocked = await claim();
    expect(blocked.statusCode).toBe(403);
    expect(codeOf(blocked)).toBe('MEMBER_RESTRICTED');
    expect((await suite.walletOf(caller)).available).toBe(1_000_000);
    const restricted = await riskOf(row.id);
    expect(restricted.restrictions).toMatchObject([
      { kind: 'bonus', reason: 'bonus hunting ring', operator: operators.risk.username },
    ]);
    await restrict(row.id, 'bonus', false);
    const paid = await claim();
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await riskOf(row.id)).restrictions).toEqual([]);

    // The audit answers newest first.
    const trail = (await auditTrail(operators.owner, 'member', row.id)).reverse();
    expect(trail.map((entry) => entry.action)).toEqual([
      'member.restrict',
      'member.unrestrict',
      'member.restrict',
      'member.unrestrict',
    ]);
    expect(trail[0]).toMatchObject({
      before: { kind: 'bonus', restricted: false },
      after: { kind: 'bonus', restricted: true, reason: 'bonus hunting ring' },
    });
    // Restricting twice writes nothing more; support may not restrict.
    await restrict(row.id, 'bonus', true);
    await restrict(row.id, 'bonus', true);
    expect((await auditTrail(operators.owner, 'member', row.id)).length).toBe(5);
    const bySupport = await request(adminCalls.adminSetMemberRestriction, operators.support, {
      params: { memberId: row.id, kind: 'bonus' },
      payload: { restricted: false, reason: 'x' },
    });
    expect(codeOf(bySupport)).toBe('PERMISSION_DENIED');
    const badKind = await request(adminCalls.adminSetMemberRestriction, operators.risk, {
      params: { memberId: row.id, kind: 'games' as 'bonus' },
      payload: { restricted: true, reason: 'x' },
    });
    expect(codeOf(badKind)).toBe('INVALID_INPUT');
  });

  it('a member restricted from withdrawals is refused a request; lifting it lets it through', async () => {
    const { row, caller } = await newMember();
    await suite.fund(row.id, 500_000);
    await giveApprovedKyc(db(), row.id);
    const set = await call(suite.app, API.setPaymentPassword, caller, {
      payload: { password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(set.statusCode, set.body).toBe(200);
    const bound = await bind(caller, nextAccountNumber());
    const account = successEnvelope(bankAccount).parse(json(bound)).value;
    const withdraw = () =>
      call(suite.app, API.createWithdrawal, caller, {
        payload: {
          bankAccountId: account.accountId,
          amount: 200_000,
          paymentPassword: PASSWORD,
          requestKey: randomUUID(),
        },
      });
    await restrict(row.id, 'withdrawal', true);
    const refused = await withdraw();
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe('MEMBER_RESTRICTED');
    expect(reasonOf(refused)).toBe('WITHDRAWAL_RESTRICTED');
    expect((await suite.walletOf(caller)).available).toBe(500_000);
    await restrict(row.id, 'withdrawal', false);
    const asked = await withdraw();
    expect(asked.statusCode, asked.body).toBe(200);
  });

  let refusals = 0;
  /**
   * Runs `work` while the database refuses to write a risk signal that `when` selects (a trigger on
   * risk_signal, dropped after): the event writing it must then fail whole, as one transaction.
   */
  async function refusingSignals(when: string, work: () => Promise<void>) {
    refusals += 1;
    const name = `refuse_signal_${process.pid % 1000}_${refusals}`;
    await db().execute(
      sql.raw(`create function ${name}() returns trigger language plpgsql as $$
        begin raise exception 'risk signal refused by the test'; end $$`),
    );
    await db().execute(
      sql.raw(`create trigger ${name} before insert on risk_signal for each row
        when (${when}) execute function ${name}()`),
    );
    try {
      await work();
    } finally {
      await db().execute(sql.raw(`drop trigger ${name} on risk_signal`));
      await db().execute(sql.raw(`drop function ${name}()`));
    }
  }
  let devices = 0;
  const freshDevice = () => `device-${process.pid}-${(devices += 1)}-${randomUUID()}`.slice(0, 64);
  const idOf = async (username: string) => {
    const [found] = await db().select({ id: member.id }).from(member).where(eq(member.username, username));
    return found?.id;
  };

  it('writes a signal when a new member registers on the device or from the address of other members', async () => {
    const device = freshDevice();
    const address = freshIp();
    const first = await registerByUsername(suite.app, { ip: address, deviceId: device });
    const firstId = await idOf(first.username);
    if (!firstId) throw new Error('first member not found');
    expect(await signalsOf(firstId)).toEqual([]);

    // The same device from another address: shared_device, naming the first member.
    const twin = await registerByUsername(suite.app, { deviceId: device });
    const twinId = await idOf(twin.username);
    if (!twinId) throw new Error('twin not found');
    const twinSignals = await signalsOf(twinId);
    expect(twinSignals).toHaveLength(1);
    expect(twinSignals[0]).toMatchObject({
      kind: 'shared_device',
      status: 'open',
      member: { id: twinId, username: twin.username },
      otherMember: { id: firstId, username: first.username },
      detail: { members: [{ id: firstId, username: first.username }], device },
    });

    // The same address on another device: shared_address; a trial account from there is no one's money.
    const trial = await call(suite.app, API.trialLogin, { ip: address });
    expect(trial.statusCode, trial.body).toBe(200);
    const neighbour = await registerByUsername(suite.app, { ip: address, deviceId: freshDevice() });
    const neighbourId = await idOf(neighbour.username);
    if (!neighbourId) throw new Error('neighbour not found');
    expect(await signalsOf(neighbourId)).toMatchObject([
      {
        kind: 'shared_address',
        member: { id: neighbourId },
        otherMember: { id: firstId },
        detail: { members: [{ id: firstId, username: first.username }], ip: address },
      },
    ]);
    const listed = await signals({ kind: 'shared_address' });
    expect(listed.list.filter((signal) => signal.member.id === neighbourId)).toHaveLength(1);
  });

  it('writes a registration’s signal in its transaction: a signal that cannot be written undoes the registration', async () => {
    const address = freshIp();
    await registerByUsername(suite.app, { ip: address });
    const username = `late${Math.floor(Math.random() * 1e8)}`;
    await refusingSignals(`new.detail->>'ip' = '${address}'`, async () => {
      const response = await call(
        suite.app,
        API.register,
        { ip: address },
        {
          payload: {
            registerMethod: 'H5',
            username,
            password: 'secret123',
            confirmPassword: 'secret123',
            ...(await solvedCaptcha(suite.app, address)),
          },
        },
      );
      expect(response.statusCode).toBe(500);
    });
    expect(await idOf(username)).toBeUndefined();
    // Once the signal can be written, the same registration goes through with it.
    await registerByUsername(suite.app, { ip: address, username });
    const id = await idOf(username);
    if (!id) throw new Error('member not registered');
    expect((await signalsOf(id)).map((signal) => signal.kind)).toEqual(['shared_address']);
  });

  it('writes a signal at a bonus claim that takes the bonuses above the deposits, once, with the credit', async () => {
    /** A member who applied to the 100% first-deposit bonus, deposited 100,000 ₫ and may claim 100,000 ₫. */
    async function readyToClaim() {
      const created = await newMember();
      const applied = await call(suite.app, API.applyPromotion, created.caller, {
        payload: { promotionId: ids.WELCOME100 },
      });
      expect(applied.statusCode, applied.body).toBe(200);
      await suite.deposit(created.caller, 100_000, 1_000);
      const issued = successEnvelope(promotionClaims)
        .parse(json(await call(suite.app, API.promotionClaims, created.caller)))
        .value.list.find((claim) => claim.promotionId === ids.WELCOME100);
      expect(issued?.status).toBe('issued');
      const claim = () =>
        call(suite.app, API.claimBonus, created.caller, { payload: { claimId: issued?.id } });
      return { ...created, claimId: issued?.id, claim };
    }
    const bonus = (memberId: string, amount: number) =>
      createLedgerService({ db: db(), ledger: createLedgerRepository(db()), clock: suite.time.clock }).post({
        merchantCode: 'kimlong',
        memberId,
        idempotencyKey: `risk-test:${randomUUID()}`,
        kind: 'bonus',
        amount: BigInt(amount),
      });

    // A bonus equal to the deposits is not above them.
    const even = await readyToClaim();
    expect((await even.claim()).statusCode).toBe(200);
    expect(await signalsOf(even.row.id)).toEqual([]);

    // One bonus before: the claim takes the bonuses (101,000 ₫) above the deposits (100,000 ₫).
    const hunter = await readyToClaim();
    await bonus(hunter.row.id, 1_000);
    const claims = await Promise.all([hunter.claim(), hunter.claim()]);
    expect(claims.map((response) => response.statusCode)).toEqual([200, 200]);
    const written = await signalsOf(hunter.row.id);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      kind: 'bonus_over_deposits',
      member: { id: hunter.row.id, username: hunter.row.username },
      otherMember: null,
      detail: {
        promotionId: ids.WELCOME100,
        promotionCode: 'WELCOME100',
        bonuses: 101_000,
        deposits: 100_000,
        since: null,
      },
    });
    expect((await hunter.claim()).statusCode).toBe(200);
    expect(await signalsOf(hunter.row.id)).toHaveLength(1);
  });

  it('writes a bonus claim’s signal in its transaction: a signal that cannot be written undoes the credit', async () => {
    const { row, caller } = await newMember();
    expect(
      (await call(suite.app, API.applyPromotion, caller, { payload: { promotionId: ids.WELCOME100 } }))
        .statusCode,
    ).toBe(200);
    await suite.deposit(caller, 100_000, 1_000);
    await createLedgerService({
      db: db(),
      ledger: createLedgerRepository(db()),
      clock: suite.time.clock,
    }).post({
      merchantCode: 'kimlong',
      memberId: row.id,
      idempotencyKey: `risk-test:${randomUUID()}`,
      kind: 'bonus',
      amount: 5_000n,
    });
    const claims = async () =>
      successEnvelope(promotionClaims)
        .parse(json(await call(suite.app, API.promotionClaims, caller)))
        .value.list.filter((claim) => claim.promotionId === ids.WELCOME100);
    const [issued] = await claims();
    const claim = () => call(suite.app, API.claimBonus, caller, { payload: { claimId: issued?.id } });
    await refusingSignals(`new.member_id = '${row.id}'`, async () => {
      expect((await claim()).statusCode).toBe(500);
    });
    expect((await suite.walletOf(caller)).available).toBe(105_000);
    expect((await claims())[0]?.status).toBe('issued');
    expect(await signalsOf(row.id)).toEqual([]);
    expect((await claim()).statusCode).toBe(200);
    expect((await suite.walletOf(caller)).available).toBe(205_000);
    expect((await signalsOf(row.id)).map((signal) => signal.kind)).toEqual(['bonus_over_deposits']);
  });
});
