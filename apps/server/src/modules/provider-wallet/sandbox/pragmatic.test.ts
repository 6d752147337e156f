import { randomUUID } from 'node:crypto';
import {
  SANDBOX_PRAGMATIC_CODE,
  SANDBOX_PRAGMATIC_GAME_PATH,
  sandboxProviderCalls as calls,
  type SandboxSlotSpinResult,
} from '@kl/contracts/sandbox-provider';
import { providerReportOf } from '@kl/sandboxes/provider/report';
import { createSandboxRepository } from '@kl/sandboxes/provider/repository';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { game, gameVendor, ledgerTransaction, providerTransaction } from '../../../db/schema/index.ts';
import type { Db } from '../../../platform/db.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import { type MemberCaller, useTestApp } from '../../../test/suite.ts';
import { checkLedger } from '../../wallet/index.ts';
import { checkProviderTransactions } from '../index.ts';
import { clientCall, useSandboxProvider } from './testing.ts';

/**
 * The sandbox provider as a Pragmatic Play provider, end to end between the two processes
 * (docs/decisions/071-sandbox-pragmatic.md): the site sends the member to the sandbox's game server with
 * Pragmatic's launch parameters, the game client opens one session with what the game server answers (the
 * launch token exchanged by `authenticate`), and every stake and win comes back through the Pragmatic
 * adapter (decision 068), hashed with the development secret key.
 */

/** A slot of the vendor the demo catalogue gives to the sandbox Pragmatic provider. */
async function pragmaticSlotId(db: Db): Promise<string> {
  const [row] = await db
    .select({ gameId: game.gameId, providerCode: gameVendor.providerCode })
    .from(game)
    .innerJoin(
      gameVendor,
      and(
        eq(gameVendor.merchantCode, game.merchantCode),
        eq(gameVendor.vassalage, game.vassalage),
        eq(gameVendor.gameCategory, game.gameType),
      ),
    )
    .where(and(eq(game.merchantCode, 'kimlong'), eq(game.vassalage, 'SPIN8'), eq(game.gameType, 'RNG')))
    .orderBy(game.id)
    .limit(1);
  if (row?.providerCode !== SANDBOX_PRAGMATIC_CODE)
    throw new Error('the seeded catalogue has no Spin8 slot of the sandbox Pragmatic provider');
  return row.gameId;
}

describeEachDatabase('the sandbox provider through Pragmatic’s protocol', (kind) => {
  const t = useTestApp(kind);
  const sandbox = useSandboxProvider(t, pragmaticSlotId);

  beforeAll(() =>
    sandbox.moveProvider(SANDBOX_PRAGMATIC_CODE, `${sandbox.providerUrl}${SANDBOX_PRAGMATIC_GAME_PATH}`),
  );

  /** The member's browser at the game server's address: where it is sent on to. */
  async function gameServer(address: URL): Promise<URL> {
    const response = await fetch(address, { redirect: 'manual' });
    expect(response.status, await response.text()).toBe(302);
    return new URL(response.headers.get('location') ?? '');
  }

  const spin = (sessionId: string, lineBet: number) =>
    clientCall<SandboxSlotSpinResult>(sandbox.app, calls.sandboxProviderSlotSpin, sessionId, {
      payload: { lineBet, requestKey: randomUUID() },
    });

  const balanceOf = async (caller: MemberCaller) => (await t.walletOf(caller)).sumBalance;

  it('launches at the game server with the one-time token and plays a spin through Pragmatic’s calls', async () => {
    const db = t.database.current.db;
    const { row, caller } = await t.newMember();
    await t.fund(row.id, 100_000);
    const address = await sandbox.siteLaunch(caller);
    // Pragmatic's launch: the provider's game server, the site's token and the game's symbol in its query.
    expect(`${address.origin}${address.pathname}`).toBe(
      `${sandbox.providerUrl}${SANDBOX_PRAGMATIC_GAME_PATH}`,
    );
    const siteToken = address.searchParams.get('token') ?? '';
    expect(Object.fromEntries(address.searchParams)).toEqual({
      token: siteToken,
      symbol: sandbox.gameId,
      language: 'en',
      technology: 'H5',
      platform: 'MOBILE',
      cashierUrl: '/m/voucherCenter',
      lobbyUrl: expect.stringMatching(/^\/m\//),
    });

    // The game server sends the browser on to the provider's client on the site, with its own launch id.
    const client = await gameServer(address);
    expect(`${client.origin}${client.pathname}`).toBe(`${sandbox.walletUrl}/m/provider/slot`);
    expect(client.searchParams.get('api')).toBe(sandbox.providerUrl);
    const launchId = client.searchParams.get('token') ?? '';
    expect(launchId).toMatch(/^[0-9a-f-]{36}$/);

    const opened = await sandbox.open(launchId);
    expect(opened.status, JSON.stringify(opened.value)).toBe(200);
    expect(opened.value).toMatchObject({ balance: 100_000, currency: 'VND', gameId: sandbox.gameId });
    // One session per launch: the address again, or the site's token itself, opens nothing.
    expect((await gameServer(address)).searchParams.get('token')).toBe(launchId);
    expect(await sandbox.open(launchId)).toMatchObject({ status: 410, code: 'LAUNCH_LINK_EXPIRED' });
    expect(await sandbox.open(siteToken)).toMatchObject({ status: 410, code: 'LAUNCH_LINK_EXPIRED' });

    const spun = await spin(opened.value.sessionId, 100);
    expect(spun.status, JSON.stringify(spun.value)).toBe(200);
    const { spinId, stake, returned } = spun.value;
    expect(stake).toBe(2_000);
    expect(spun.value.balance).toBe(100_000 - stake + returned);
    expect(await balanceOf(caller)).toBe(100_000 - stake + returned);

    // Taken at the site as the Pragmatic provider's movements, under Pragmatic's references, the round ended.
    const movements = await db
      .select({
        kind: providerTransaction.kind,
        amount: providerTransaction.amount,
        transactionId: providerTransaction.transactionId,
        roundId: providerTransaction.roundId,
      })
      .from(providerTransaction)
      .where(
        and(
          eq(providerTransaction.providerCode, SANDBOX_PRAGMATIC_CODE),
          eq(providerTransaction.memberId, row.id),
        ),
      );
    expect(movements.map((movement) => ({ ...movement, amount: Number(movement.amount) }))).toEqual(
      expect.arrayContaining([
        { kind: 'bet', amount: stake, transactionId: `bet:${spinId}`, roundId: spinId },
        { kind: 'win', amount: returned, transactionId: `win:${spinId}`, roundId: spinId },
      ]),
    );
    // One ledger transaction a movement (a win of nothing moves nothing), each of its exact amount.
    const ledger = await db
      .select({ kind: ledgerTransaction.kind, amount: ledgerTransaction.amount })
      .from(ledgerTransaction)
      .where(eq(ledgerTransaction.memberId, row.id));
    const played = ledger
      .filter((entry) => entry.kind === 'bet' || entry.kind === 'win')
      .map((entry) => `${entry.kind} ${Math.abs(Number(entry.amount))}`);
    expect(played.sort()).toEqual([`bet ${stake}`, ...(returned > 0 ? [`win ${returned}`] : [])]);
    expect((await checkLedger(db)).problems).toEqual([]);
    expect((await checkProviderTransactions(db)).problems).toEqual([]);

    // The Pragmatic session's calls are not the native provider's: its daily report leaves them out.
    const report = await providerReportOf(
      { repo: createSandboxRepository(sandbox.db), clock: t.time.clock, providerCode: 'sandbox' },
      t.time.clock().toISOString().slice(0, 10),
    );
    expect(report.transactions.some(({ roundId }) => roundId === spinId)).toBe(false);
  });

  it('passes the site’s refusal of a stake on to the player, and takes nothing', async () => {
    const { row, caller } = await t.newMember();
    await t.fund(row.id, 1_000);
    const opened = await sandbox.open(
      (await gameServer(await sandbox.siteLaunch(caller))).searchParams.get('token') ?? '',
    );
    expect(opened.status, JSON.stringify(opened.value)).toBe(200);
    expect(await spin(opened.value.sessionId, 100)).toMatchObject({
      status: 409,
      code: 'INSUFFICIENT_BALANCE',
      value: { providerStatus: 'RS_ERROR_NOT_ENOUGH_MONEY' },
    });
    expect(await balanceOf(caller)).toBe(1_000);
  });
});
