import { API, successEnvelope } from '@kl/contracts';
import { gameRecords } from '@kl/contracts/game-records';
import type { GameType } from '@kl/contracts/games';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRow } from '../../db/schema/index.ts';
import { call, freshIp, testClock } from '../../test/accounts.ts';
import { buildTestApp, json } from '../../test/app.ts';
import { describeEachDatabase, useTestDatabase } from '../../test/databases.ts';
import { createWalletModule } from '../wallet/index.ts';
import { createTestMember, sessionOf } from '../wallet/testing.ts';
import { createGameRecordsModule } from './index.ts';

describeEachDatabase('game records', (kind) => {
  const database = useTestDatabase(kind);
  const time = testClock(new Date('2030-03-10T05:00:00.000Z'));
  let app: FastifyInstance;
  let wallet: ReturnType<typeof createWalletModule>;
  let records: ReturnType<typeof createGameRecordsModule>;

  beforeAll(async () => {
    app = await buildTestApp(database.current, { clock: time.clock });
    wallet = createWalletModule({ db: database.current.db, clock: time.clock });
    records = createGameRecordsModule({ db: database.current.db, clock: time.clock });
  });
  afterAll(() => app.close());

  let rounds = 0;
  const memberWithMoney = async (amount = 10_000_000) => {
    const row = await createTestMember(database.current.db);
    await wallet.ledgerService.post({
      merchantCode: 'kimlong',
      memberId: row.id,
      idempotencyKey: `game-records-test:deposit:${row.id}`,
      kind: 'deposit',
      amount: BigInt(amount),
    });
    return { row, caller: { ip: freshIp(), cookie: await sessionOf(database.current.db, row, time.clock) } };
  };

  /** Plays one round as a game would: the bet and the round in one transaction, then the outcome. */
  const play = async (
    row: MemberRow,
    options: {
      stake: number;
      payout?: number;
      outcome?: 'settled' | 'cancelled' | 'open';
      gameType?: GameType;
      at?: Date;
    },
  ) => {
    rounds += 1;
    const roundKey = `r-${rounds}`;
    const vendorCode = 'BGS';
    const db = database.current.db;
    const createdAt = options.at ?? time.clock();
    await db.transaction(async (tx) => {
      const bet = await wallet.ledgerService.post(
        {
          merchantCode: 'kimlong',
          memberId: row.id,
          idempotencyKey: `bet:${vendorCode}:${roundKey}`,
          kind: 'bet',
          amount: BigInt(options.stake),
          reference: `round:${vendorCode}:${roundKey}`,
        },
        tx,
      );
      await records.gameRecordsService.recordRound(
        {
          merchantCode: 'kimlong',
          memberId: row.id,
          vendorCode,
          roundKey,
          gameId: '9001',
          nodeId: '9001',
          gameType: options.gameType ?? 'RNG',
          gameName: 'Kim Long Slot',
          stake: BigInt(options.stake),
          betTransactionId: bet.transactionId,
          createdAt,
        },
        tx,
      );
    });
    const outcome = options.outcome ?? 'settled';
    if (outcome === 'open') return roundKey;
    await db.transaction(async (tx) => {
      const payout = outcome === 'cancelled' ? options.stake : (options.payout ?? 0);
      const money =
        payout > 0
          ? await wallet.ledgerService.post(
              {
                merchantCode: 'kimlong',
                memberId: row.id,
                idempotencyKey: `win:${vendorCode}:${roundKey}`,
                kind: 'win',
                amount: BigInt(payout),
                reference: `round:${vendorCode}:${roundKey}`,
              },
              tx,
            )
          : undefined;
      await records.gameRecordsService.settleRound(
        {
          merchantCode: 'kimlong',
          vendorCode,
          roundKey,
          outcome,
          payout: BigInt(payout),
          settleTransactionId: money?.transactionId ?? null,
          settledAt: new Date(createdAt.getTime() + 1000),
        },
        tx,
      );
    });
    return roundKey;
  };

  const recordsOf = async (caller: { ip: string; cookie: string }, query: Record<string, string> = {}) => {
    const response = await call(app, API.gameRecords, caller, { query });
    expect(response.statusCode, response.body).toBe(200);
    return successEnvelope(gameRecords).parse(json(response)).value;
  };

  it('needs a session', async () => {
    const response = await call(app, API.gameRecords, { ip: freshIp() });
    expect(response.statusCode).toBe(401);
    expect(json(response)).toMatchObject({ code: 'NOT_LOGGED_IN' });
  });

  it('answers an empty page with zero totals for a member who never played', async () => {
    const { caller } = await memberWithMoney();
    const response = await call(app, API.gameRecords, caller);
    expect(response.headers['x-module-id']).toBe('MEMTRANS3');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(await recordsOf(caller)).toEqual({
      list: [],
      pageNum: 1,
      totalPages: 0,
      total: 0,
      currency: 'VND',
      totals: { rounds: 0, stake: 0, payout: 0, net: 0 },
    });
  });

  it('lists the rounds recorded through the service, newest first, with their ledger money', async () => {
    const { row, caller } = await memberWithMoney();
    const base = time.clock().getTime();
    await play(row, { stake: 100_000, payout: 250_000, at: new Date(base - 3000) });
    await play(row, { stake: 50_000, payout: 0, at: new Date(base - 2000) });
    await play(row, { stake: 20_000, outcome: 'cancelled', at: new Date(base - 1000) });
    await play(row, { stake: 10_000, outcome: 'open', at: new Date(base) });

    const page = await recordsOf(caller);
    expect(page.total).toBe(4);
    expect(page.list.map((round) => [round.status, round.stake, round.payout, round.net])).toEqual([
      ['open', 10_000, 0, -10_000],
      ['cancelled', 20_000, 20_000, 0],
      ['settled', 50_000, 0, -50_000],
      ['settled', 100_000, 250_000, 150_000],
    ]);
    expect(page.list[0]).toMatchObject({
      gameType: 'RNG',
      vendorCode: 'BGS',
      gameId: '9001',
      nodeId: '9001',
      gameName: 'Kim Long Slot',
      currency: 'VND',
      settledAt: null,
    });
    expect(page.list[3]?.settledAt).toBe(new Date(base - 2000).toISOString());
    // Cancelled rounds are left out of the totals; the open stake counts.
    expect(page.totals).toEqual({ rounds: 3, stake: 160_000, payout: 250_000, net: 90_000 });

    // The wallet agrees: 10,000,000 − 160,000 + 250,000 (the cancelled stake came back).
    const wallet = await call(app, API.wallet, caller);
    expect(json<{ value: { sumBalance: number } }>(wallet).value.sumBalance).toBe(
      10_000_000 - 160_000 - 20_000 + 250_000 + 20_000,
    );
  });

  it('filters by date (ISO with offset), game type and status; the totals follow the filter', async () => {
    const { row, caller } = await memberWithMoney();
    // 2030-03-08 23:30 at UTC+7 is 16:30 UTC: still the 8th in Vietnam.
    await play(row, { stake: 1_000, payout: 3_000, gameType: 'RNG', at: new Date('2030-03-08T16:30:00Z') });
    await play(row, { stake: 2_000, gameType: 'FISH', at: new Date('2030-03-08T17:30:00Z') });
    await play(row, { stake: 4_000, payout: 4_000, gameType: 'LOTT', at: new Date('2030-03-09T10:00:00Z') });

    const ninth = await recordsOf(caller, {
      from: '2030-03-09T00:00:00+07:00',
      to: '2030-03-10T00:00:00+07:00',
    });
    expect(ninth.list.map((round) => round.gameType)).toEqual(['LOTT', 'FISH']);
    expect(ninth.totals).toEqual({ rounds: 2, stake: 6_000, payout: 4_000, net: -2_000 });

    const fish = await recordsOf(caller, { gameType: 'FISH' });
    expect(fish.list.map((round) => round.stake)).toEqual([2_000]);
    expect(fish.totals).toEqual({ rounds: 1, stake: 2_000, payout: 0, net: -2_000 });

    await play(row, { stake: 500, outcome: 'open', gameType: 'RNG' });
    const open = await recordsOf(caller, { status: 'open' });
    expect(open.list.map((round) => round.stake)).toEqual([500]);
    const settledRng = await recordsOf(caller, { status: 'settled', gameType: 'RNG' });
    expect(settledRng.list.map((round) => round.stake)).toEqual([1_000]);
  });

  it('pages: pageNo and pageSize, totalPages, totals of every page', async () => {
    const { row, caller } = await memberWithMoney();
    const base = time.clock().getTime();
    for (let index = 0; index < 5; index += 1)
      await play(row, { stake: 1_000 * (index + 1), at: new Date(base - (5 - index) * 60_000) });
    const first = await recordsOf(caller, { pageSize: '2' });
    expect(first).toMatchObject({ pageNum: 1, totalPages: 3, total: 5 });
    expect(first.list.map((round) => round.stake)).toEqual([5_000, 4_000]);
    const third = await recordsOf(caller, { pageSize: '2', pageNo: '3' });
    expect(third.list.map((round) => round.stake)).toEqual([1_000]);
    expect(third.totals.stake).toBe(15_000);
    const beyond = await recordsOf(caller, { pageSize: '2', pageNo: '4' });
    expect(beyond.list).toEqual([]);
  });

  it("never shows another member's rounds", async () => {
    const first = await memberWithMoney();
    const second = await memberWithMoney();
    await play(first.row, { stake: 7_000 });
    const page = await recordsOf(second.caller);
    expect(page.total).toBe(0);
    expect((await recordsOf(first.caller)).total).toBe(1);
  });

  it('refuses bad filters with 400 INVALID_INPUT', async () => {
    const { caller } = await memberWithMoney();
    const bad: Record<string, string>[] = [
      { from: '2030-03-01' },
      { from: '2030-03-01T00:00:00' },
      { from: '2030-03-02T00:00:00+07:00', to: '2030-03-01T00:00:00+07:00' },
      { gameType: 'CHESS' },
      { status: 'won' },
      { pageNo: '0' },
      { pageSize: '101' },
      { pageSize: 'ten' },
    ];
    for (const query of bad) {
      const response = await call(app, API.gameRecords, caller, { query });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(json(response)).toMatchObject({ code: 'INVALID_INPUT' });
    }
  });

  describe('service', () => {
    const round = (memberId: string, roundKey: string, stake = 1_000n) => ({
      merchantCode: 'kimlong',
      memberId,
      vendorCode: 'BGS',
      roundKey,
      gameId: '9001',
      nodeId: '9001',
      gameType: 'RNG' as const,
      gameName: 'Kim Long Slot',
      stake,
      betTransactionId: null,
    });

    it('records and settles a round once: the same key again is answered as replayed', async () => {
      const { row } = await memberWithMoney();
      const service = records.gameRecordsService;
      const first = await service.recordRound(round(row.id, `svc-${row.id}`));
      const again = await service.recordRound(round(row.id, `svc-${row.id}`));
      expect(first.replayed).toBe(false);
      expect(again).toMatchObject({ replayed: true, round: { id: first.round.id } });
      const settle = {
        merchantCode: 'kimlong',
        vendorCode: 'BGS',
        roundKey: `svc-${row.id}`,
        outcome: 'settled' as const,
        payout: 0n,
        settleTransactionId: null,
      };
      expect((await service.settleRound(settle)).replayed).toBe(false);
      expect(await service.settleRound(settle)).toMatchObject({
        replayed: true,
        round: { status: 'settled' },
      });
      await expect(service.settleRound({ ...settle, payout: 5_000n })).rejects.toMatchObject({
        code: 'IDEMPOTENCY_CONFLICT',
      });
      await expect(
        service.settleRound({ ...settle, outcome: 'cancelled', payout: undefined }),
      ).rejects.toMatchObject({
        code: 'IDEMPOTENCY_CONFLICT',
      });
    });

    it('records a round played and settled at once as one settled row; its key again is refused', async () => {
      const { row } = await memberWithMoney();
      const service = records.gameRecordsService;
      const key = `svc-settled-${row.id}`;
      const settled = await service.recordSettledRound({ ...round(row.id, key, 2_000n), payout: 500n });
      expect(settled).toMatchObject({ status: 'settled', stake: 2_000n, payout: 500n, roundKey: key });
      expect(settled.settledAt).toEqual(settled.createdAt);
      await expect(
        service.recordSettledRound({ ...round(row.id, key, 2_000n), payout: 500n }),
      ).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
      await expect(
        service.recordSettledRound({ ...round(row.id, `${key}-neg`), payout: -1n }),
      ).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    });

    it('refuses the same key for another round, an unknown round, bad amounts and foreign transactions', async () => {
      const { row } = await memberWithMoney();
      const other = await memberWithMoney();
      const service = records.gameRecordsService;
      const key = `svc-conflict-${row.id}`;
      await service.recordRound(round(row.id, key));
      await expect(service.recordRound(round(row.id, key, 2_000n))).rejects.toMatchObject({
        code: 'IDEMPOTENCY_CONFLICT',
      });
      await expect(service.recordRound(round(other.row.id, key))).rejects.toMatchObject({
        code: 'IDEMPOTENCY_CONFLICT',
      });
      await expect(service.recordRound(round(row.id, `neg-${row.id}`, -1n))).rejects.toMatchObject({
        code: 'INVALID_INPUT',
      });
      await expect(service.recordRound({ ...round(row.id, ' '), roundKey: ' ' })).rejects.toMatchObject({
        code: 'INVALID_INPUT',
      });
      await expect(
        service.settleRound({
          merchantCode: 'kimlong',
          vendorCode: 'BGS',
          roundKey: `never-${row.id}`,
          outcome: 'settled',
          settleTransactionId: null,
        }),
      ).rejects.toMatchObject({ code: 'NOT_FOUND' });
      // A ledger transaction of another member cannot be named.
      const foreign = await wallet.ledgerService.post({
        merchantCode: 'kimlong',
        memberId: other.row.id,
        idempotencyKey: `game-records-test:foreign:${other.row.id}`,
        kind: 'bet',
        amount: 1_000n,
      });
      await expect(
        service.recordRound({
          ...round(row.id, `foreign-${row.id}`),
          betTransactionId: foreign.transactionId,
        }),
      ).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    });

    it('records a round once when the same key arrives concurrently', async () => {
      const { row, caller } = await memberWithMoney();
      const key = `concurrent-${row.id}`;
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          database.current.db.transaction((tx) =>
            records.gameRecordsService.recordRound(round(row.id, key), tx),
          ),
        ),
      );
      expect(results.filter((result) => !result.replayed)).toHaveLength(1);
      expect(new Set(results.map((result) => result.round.id)).size).toBe(1);
      expect((await recordsOf(caller)).total).toBe(1);
    });

    it("commits with the caller's transaction or not at all", async () => {
      const { row, caller } = await memberWithMoney();
      await expect(
        database.current.db.transaction(async (tx) => {
          await records.gameRecordsService.recordRound(round(row.id, `rollback-${row.id}`), tx);
          throw new Error('the game failed after recording');
        }),
      ).rejects.toThrow('the game failed');
      expect((await recordsOf(caller)).total).toBe(0);
    });
  });
});
