import { randomUUID } from 'node:crypto';
import { API } from '@kl/contracts/api-paths';
import { GAME_CLIENT_TYPE } from '@kl/contracts/games';
import {
  SANDBOX_HUB88_CODE,
  SANDBOX_HUB88_PATH,
  sandboxProviderCalls as calls,
  type SandboxSession,
  type SandboxSlotSpinResult,
  type SandboxSlotState,
} from '@kl/contracts/sandbox-provider';
import { sandboxFreeRounds } from '@kl/sandboxes/db/schema';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  game,
  ledgerTransaction,
  providerFreeRounds,
  providerTransaction,
} from '../../../db/schema/index.ts';
import { DAY_MS } from '../../../platform/clock.ts';
import { DEVELOPMENT_SECRET_KEYS } from '../../../platform/config.ts';
import type { Db } from '../../../platform/db.ts';
import { createSecretBox } from '../../../platform/secret-box.ts';
import { call } from '../../../test/accounts.ts';
import { json } from '../../../test/app.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import type { MemberCaller } from '../../../test/suite.ts';
import { useTestApp } from '../../../test/suite.ts';
import { createGamesRepository } from '../../games/index.ts';
import { createFreeRoundsBook, createProviderWalletRepository } from '../index.ts';
import { clientCall, useSandboxProvider } from './testing.ts';

/**
 * The sandbox provider as a Hub88 provider, end to end between the two processes
 * (docs/decisions/067-sandbox-hub88.md): the site launches a Nova Reels slot with Hub88's `game/url`, hands
 * free rounds over as a Hub88 reward, and every stake, win and free win comes back through the Hub88
 * adapter (decision 066), each request and answer signed with the development key pairs.
 */

/** A slot of the vendor the demo catalogue gives to the sandbox Hub88 provider. */
async function hub88SlotId(db: Db): Promise<string> {
  const [row] = await db
    .select({ gameId: game.gameId })
    .from(game)
    .where(and(eq(game.merchantCode, 'kimlong'), eq(game.vassalage, 'NOVA'), eq(game.gameType, 'RNG')))
    .orderBy(game.id)
    .limit(1);
  if (!row) throw new Error('the seeded catalogue has no Nova Reels slot');
  return row.gameId;
}

describeEachDatabase('the sandbox provider through Hub88’s protocol', (kind) => {
  const t = useTestApp(kind);
  const sandbox = useSandboxProvider(t, hub88SlotId);
  const wallet = () =>
    createProviderWalletRepository(t.database.current.db, createSecretBox(DEVELOPMENT_SECRET_KEYS));

  // The site registered the provider at start (its onReady) at the configured address; the suite's
  // sandboxes app listens on a port of its own.
  beforeAll(async () => {
    await wallet().updateProvider(
      'kimlong',
      SANDBOX_HUB88_CODE,
      { apiUrl: `${sandbox.providerUrl}${SANDBOX_HUB88_PATH}` },
      t.time.clock(),
    );
  });

  /** The member's launch of the suite's slot at the site: the address the member is sent to. */
  async function launch(caller: MemberCaller): Promise<URL> {
    const response = await call(t.app, API.launchGame, caller, {
      payload: { gameId: sandbox.gameId, language: 'EN', clientType: GAME_CLIENT_TYPE },
    });
    expect(response.statusCode, response.body).toBe(200);
    return new URL(json<{ value: { url: string } }>(response).value.url);
  }

  const open = (token: string) =>
    clientCall<SandboxSession>(sandbox.app, calls.sandboxProviderOpenSession, undefined, {
      payload: { token },
    });

  const spin = (sessionId: string, request: { lineBet: number } | { free: true }) =>
    clientCall<SandboxSlotSpinResult>(sandbox.app, calls.sandboxProviderSlotSpin, sessionId, {
      payload: { ...request, requestKey: randomUUID() },
    });

  const balanceOf = async (caller: MemberCaller) => (await t.walletOf(caller)).sumBalance;

  it('launches with Hub88’s game/url and plays a spin through Hub88’s wallet calls', async () => {
    const { row, caller } = await t.newMember();
    await t.fund(row.id, 100_000);
    const address = await launch(caller);
    // The provider's client on the site, with the provider's own launch reference: not the site's token.
    expect(`${address.origin}${address.pathname}`).toBe(`${sandbox.walletUrl}/m/provider/slot`);
    const reference = address.searchParams.get('token') ?? '';
    expect(reference).toMatch(/^[0-9a-f-]{36}$/);
    expect(address.searchParams.get('api')).toBe(sandbox.providerUrl);

    const opened = await open(reference);
    expect(opened.status, JSON.stringify(opened.value)).toBe(200);
    expect(opened.value).toMatchObject({ balance: 100_000, currency: 'VND', gameId: sandbox.gameId });
    // The address opens one session.
    expect(await open(reference)).toMatchObject({ status: 410, code: 'LAUNCH_LINK_EXPIRED' });

    const played = await spin(opened.value.sessionId, { lineBet: 100 });
    expect(played.status, JSON.stringify(played.value)).toBe(200);
    const { stake, returned } = played.value;
    expect(stake).toBe(2_000);
    expect(played.value.balance).toBe(100_000 - stake + returned);
    expect(await balanceOf(caller)).toBe(100_000 - stake + returned);
    // Taken at the site as the Hub88 provider's movements.
    const movements = await t.database.current.db
      .select({ kind: providerTransaction.kind, amount: providerTransaction.amount })
      .from(providerTransaction)
      .where(
        and(
          eq(providerTransaction.providerCode, SANDBOX_HUB88_CODE),
          eq(providerTransaction.memberId, row.id),
        ),
      );
    const total = (kind: string) =>
      movements
        .filter((movement) => movement.kind === kind)
        .reduce((sum, movement) => sum + Number(movement.amount), 0);
    expect([total('bet'), total('win')]).toEqual([stake, returned]);
  });

  it('hands free rounds over as a Hub88 reward, once, and credits their wins under the grant', async () => {
    const { row, caller } = await t.newMember();
    await t.fund(row.id, 1_000);
    const db = t.database.current.db;
    const games = createGamesRepository(db);
    const book = createFreeRoundsBook({
      db,
      clock: t.time.clock,
      wallet: wallet(),
      findGame: (merchantCode, gameId, tx) => games.findByGameId(merchantCode, gameId, tx),
      grantUrl: () => undefined,
    });
    const grant = await book.insert({
      merchantCode: 'kimlong',
      providerCode: SANDBOX_HUB88_CODE,
      memberId: row.id,
      gameId: sandbox.gameId,
      rounds: 5,
      roundValue: 2_000n,
      turnoverMultiple: 2,
      expiresAt: new Date(t.time.clock().getTime() + DAY_MS),
      status: 'undelivered',
    });
    const delivered = await book.deliver(grant.id);
    expect(delivered).toMatchObject({ status: 'active', deliveryError: null });
    const reward = delivered.providerReference ?? '';
    expect(reward).toMatch(/^[0-9a-f-]{36}$/);
    expect(reward).not.toBe(grant.id);
    // At the provider: one reward under the grant's reference, at the grant's value.
    const atProvider = await sandbox.db
      .select({
        id: sandboxFreeRounds.id,
        rounds: sandboxFreeRounds.rounds,
        roundValue: sandboxFreeRounds.roundValue,
      })
      .from(sandboxFreeRounds)
      .where(eq(sandboxFreeRounds.operatorReference, grant.id));
    expect(atProvider).toEqual([{ id: reward, rounds: 5, roundValue: 2_000n }]);

    const opened = await open((await launch(caller)).searchParams.get('token') ?? '');
    expect(opened.status, JSON.stringify(opened.value)).toBe(200);
    const { sessionId } = opened.value;
    const state = await clientCall<SandboxSlotState>(sandbox.app, calls.sandboxProviderSlot, sessionId);
    expect(state.value.freeRounds).toMatchObject({ grantId: reward, roundsLeft: 5 });

    let won = 0;
    for (let round = 1; round <= 5; round += 1) {
      const answer = await spin(sessionId, { free: true });
      expect(answer.status, JSON.stringify(answer.value)).toBe(200);
      expect(answer.value).toMatchObject({ free: true, stake: 0 });
      won += answer.value.returned;
    }
    expect(await balanceOf(caller)).toBe(1_000 + won);
    // Each win a free-round win of the grant, counted on it; its turnover is the grant's.
    const credits = await db
      .select({ kind: ledgerTransaction.kind, amount: ledgerTransaction.amount })
      .from(ledgerTransaction)
      .where(and(eq(ledgerTransaction.memberId, row.id), eq(ledgerTransaction.kind, 'free_round_win')));
    expect(credits.reduce((sum, credit) => sum + Number(credit.amount), 0)).toBe(won);
    const [counted] = await db
      .select({ won: providerFreeRounds.won })
      .from(providerFreeRounds)
      .where(eq(providerFreeRounds.id, grant.id));
    expect(counted?.won).toBe(BigInt(won));
    const turnover = json<{ value: { locked: number } }>(await call(t.app, API.walletTurnover, caller)).value;
    expect(turnover.locked).toBe(won);
  });
});
