import { randomUUID } from 'node:crypto';
import type { ProviderAction } from '@kl/contracts/provider-wallet';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../platform/clock.ts';
import { testDatabases } from '../../test/databases.ts';
import { runLedgerCheck, type ServerRun, startOnFreePort, useProcessWorkDir } from '../../test/processes.ts';
import { createLedgerRepository, createLedgerService } from '../wallet/index.ts';
import { createTestMember } from '../wallet/testing.ts';
import { launchableGameId, registerTestProvider, signedRequest, TEST_PROVIDER } from './testing.ts';

/**
 * Crash safety of the provider wallet (docs/decisions/025-provider-wallet.md): the real server process takes
 * a burst of provider calls (every player's stakes, wins, a rollback, round ends, a late win and credits
 * without a stake, each
 * player's calls in order, the players at once) and is killed (SIGKILL) in the middle of it. Started again
 * on the same data, it gets every call again, as a provider sends again what it saw no answer to (and,
 * here, what it did see). Then every answer given before the kill is given again unchanged, every wallet
 * holds exactly what the calls add up to, and `npm run ledger:check` passes.
 */

const PLAYERS = 10;
const FUNDS = 100_000;
/** The server is killed once this many calls have been answered. */
const KILL_AFTER = 25;

interface ProviderCall {
  action: ProviderAction;
  body: Record<string, unknown>;
}

/**
 * One player's calls, in the order the provider sends them: what they move adds up to +1,000. The last win
 * comes after its round ended (a late credit, docs/decisions/063-late-provider-credits.md); four credits
 * without a stake pay the free rounds `grantId` granted, a bonus, a promotion and a jackpot win
 * (docs/decisions/065-provider-credits.md).
 */
function callsOf(sessionId: string, grantId: string): ProviderCall[] {
  const id = () => randomUUID();
  const movement = (roundId: string, amount: number) => ({
    sessionId,
    transactionId: id(),
    roundId,
    amount,
    currency: 'VND',
  });
  const refunded = movement('r1', 5_000);
  const credit = (kind: string, amount: number, extra: Record<string, unknown> = {}) => ({
    action: 'credit' as const,
    body: { sessionId, transactionId: id(), kind, amount, currency: 'VND', ...extra },
  });
  return [
    { action: 'bet', body: movement('r1', 10_000) },
    { action: 'bet', body: refunded },
    {
      action: 'rollback',
      body: { sessionId, transactionId: id(), betTransactionId: refunded.transactionId },
    },
    { action: 'win', body: movement('r1', 30_000) },
    { action: 'round-end', body: { sessionId, roundId: 'r1' } },
    credit('free_round', 2_000, { grantId, roundId: 'free-1' }),
    credit('bonus', 1_000),
    { action: 'bet', body: movement('r2', 20_000) },
    credit('promo', 500),
    { action: 'win', body: { ...movement('r2', 0), roundClosed: true } },
    { action: 'bet', body: movement('r3', 7_000) },
    { action: 'win', body: movement('r2', 4_000) },
    credit('jackpot', 500, { roundId: 'r3' }),
  ];
}
const NET_PER_PLAYER = 1_000;

/** Kills the server processes a failed test left running. */
async function killLeftOver(runs: readonly ServerRun[]): Promise<void> {
  const alive = runs.filter((run) => run.child.exitCode === null && run.child.signalCode === null);
  for (const run of alive) run.child.kill('SIGKILL');
  await Promise.all(alive.map((run) => run.exited));
}

async function send(base: string, call: ProviderCall) {
  const request = signedRequest(TEST_PROVIDER, call.action, call.body, new Date());
  const response = await fetch(`${base}${request.url}`, {
    method: 'POST',
    headers: request.headers,
    body: request.payload,
  });
  return { status: response.status, body: (await response.json()) as { value: Record<string, unknown> } };
}

for (const { kind, skip } of testDatabases()) {
  describe.skipIf(skip)(`provider wallet survives a killed server (${kind})`, () => {
    const { webDist, onCleanup, seededCopy } = useProcessWorkDir('kl-provider-crash-');
    const running: ServerRun[] = [];
    onCleanup(() => killLeftOver(running));

    it('loses and doubles nothing across a SIGKILL mid-burst, and the ledger check passes', async () => {
      // The provider, the players with their money and their launch tokens, written before the server runs.
      const { database, env: databaseEnv } = await seededCopy(kind, 'data');
      const tokens: string[] = [];
      const grants: string[] = [];
      try {
        const { db } = database;
        const service = await registerTestProvider(db, systemClock);
        const ledger = createLedgerService({ db, ledger: createLedgerRepository(db), clock: systemClock });
        const gameId = await launchableGameId(db);
        for (let index = 0; index < PLAYERS; index += 1) {
          const member = await createTestMember(db);
          await ledger.post({
            merchantCode: 'kimlong',
            memberId: member.id,
            idempotencyKey: `crash-funds:${member.id}`,
            kind: 'deposit',
            amount: BigInt(FUNDS),
          });
          const launch = await service.issueLaunchToken({
            merchantCode: 'kimlong',
            memberId: member.id,
            providerCode: TEST_PROVIDER.code,
            gameId,
          });
          tokens.push(launch.token);
          const freeRounds = await service.grantFreeRounds({
            merchantCode: 'kimlong',
            providerCode: TEST_PROVIDER.code,
            memberId: member.id,
            gameId,
            rounds: 10,
            roundValue: 1_000n,
            turnoverMultiple: 3,
            expiresAt: new Date(Date.now() + 86_400_000),
          });
          grants.push(freeRounds.id);
        }
      } finally {
        await database.close();
      }
      const env = {
        ...databaseEnv,
        WEB_DIST: webDist,
        RATE_LIMIT_MAX: '100000',
        SEED_DEMO: '0',
      };

      const { run: first, base } = await startOnFreePort(env);
      running.push(first);
      const sessions: string[] = [];
      for (const token of tokens) {
        const authenticated = await send(base, { action: 'authenticate', body: { token } });
        expect(authenticated.status).toBe(200);
        sessions.push(authenticated.body.value.sessionId as string);
      }
      const chains = sessions.map((sessionId, index) => callsOf(sessionId, grants[index] ?? ''));
      const total = chains.flat().length;

      // Every player's calls in order, the players at once; once KILL_AFTER are answered the server is
      // killed, with the other players' calls in flight. A chain stops at its first call without answer.
      const answers = new Map<ProviderCall, Record<string, unknown>>();
      let killed = false;
      await Promise.all(
        chains.map(async (chain) => {
          for (const call of chain) {
            if (killed) return;
            let answered: Awaited<ReturnType<typeof send>>;
            try {
              answered = await send(base, call);
            } catch {
              return; // The server died before answering: the provider will send it again.
            }
            expect(answered.status, JSON.stringify(answered.body)).toBe(200);
            answers.set(call, answered.body.value);
            if (answers.size >= KILL_AFTER && !killed) {
              killed = true;
              setTimeout(() => first.child.kill('SIGKILL'), 2);
            }
          }
        }),
      );
      if (!killed) first.child.kill('SIGKILL');
      await first.exited;
      expect(first.child.signalCode).toBe('SIGKILL');
      expect(answers.size).toBeGreaterThanOrEqual(KILL_AFTER);
      expect(answers.size).toBeLessThan(total);

      // Second run on the same data: the provider sends every call again, each player's in order.
      const { run: second, base: secondBase } = await startOnFreePort(env);
      running.push(second);
      await Promise.all(
        chains.map(async (chain) => {
          for (const call of chain) {
            const again = await send(secondBase, call);
            expect(again.status, JSON.stringify(again.body)).toBe(200);
            const before = answers.get(call);
            // A transaction answered before the kill answers exactly the same (a round end: its round).
            if (before && call.action !== 'round-end') expect(again.body.value).toEqual(before);
            if (before && call.action === 'round-end') expect(again.body.value.roundId).toBe(before.roundId);
          }
        }),
      );

      // Every wallet holds exactly what its calls add up to: nothing lost, nothing twice.
      for (const sessionId of sessions) {
        const balance = await send(secondBase, { action: 'balance', body: { sessionId } });
        expect(balance.body.value.balance).toBe(FUNDS + NET_PER_PLAYER);
      }

      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
      const check = await runLedgerCheck(databaseEnv);
      expect(check.stdout).toContain(
        `provider transactions: ${4 * PLAYERS} bet, ${4 * PLAYERS} credit, ${PLAYERS} rollback, ${3 * PLAYERS} win; provider rounds: ${3 * PLAYERS}`,
      );
      expect(check.stdout).toContain('ledger check OK');
      expect(check.code).toBe(0);
    }, 120_000);
  });
}
