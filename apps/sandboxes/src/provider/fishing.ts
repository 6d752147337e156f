import type { SandboxFishingShotResult } from '@kl/contracts/sandbox-provider';
import { addMs, type Clock, MINUTE_MS } from '../platform/clock.ts';
import { randomToken } from '../platform/crypto.ts';
import { DomainError } from '../platform/api.ts';
import { createFishingShot, resolveFishingShot, settleFishingShot } from './games/fishing.ts';
import type { SandboxRepository, ShotRow } from './repository.ts';
import type { SandboxActivity } from './scheduler.ts';
import { asPlayer, type ProviderSessionRow, runEach } from './sessions.ts';
import { type WalletClient, WalletRefusal } from './wallet-client.ts';

/**
 * Fishing (docs/decisions/026-sandbox-provider.md): a shot is one wallet round named by the shot's id, the
 * `bet` of the cannon's cost, then at once the `win` of the catch (0 on a miss) that ends the round. The
 * shot's seeds are drawn and its outcome fixed before the stake is taken; the row is written first, so a
 * shot cut short (no answer to its `bet`, a crash) is rolled back by `recover`, or, when its round had
 * already ended with the win, recorded as paid.
 */

/** A shot still pending after this long got no answer: it is rolled back. */
export const PENDING_SHOT_MS = MINUTE_MS;

export function createFishingService(deps: {
  repo: SandboxRepository;
  clock: Clock;
  wallet: WalletClient;
  activity?: SandboxActivity;
}) {
  const { repo, clock, wallet } = deps;

  const mark = (id: string, status: ShotRow['status']) => repo.markShot(id, status);

  const winOf = (walletSessionId: string, currency: string, shot: ShotRow) =>
    wallet.win({
      sessionId: walletSessionId,
      transactionId: `win:${shot.id}`,
      roundId: shot.id,
      amount: Number(shot.returned),
      currency,
      roundClosed: true,
    });

  return {
    async shoot(session: ProviderSessionRow, cannonCost: number): Promise<SandboxFishingShotResult> {
      const seeds = { serverSeed: randomToken(32), clientSeed: randomToken(8), nonce: 0 };
      const shot = createFishingShot(seeds, BigInt(cannonCost));
      const resolved = resolveFishingShot(shot, seeds.serverSeed);
      const row = await repo.insertShot({
        sessionId: session.id,
        playerId: session.playerId,
        cannonCost: shot.cannonCost,
        serverSeed: seeds.serverSeed,
        clientSeed: seeds.clientSeed,
        nonce: seeds.nonce,
        outcome: resolved.outcome,
        returned: settleFishingShot(shot.cannonCost, resolved.outcome),
        status: 'pending',
        createdAt: clock(),
      });
      deps.activity?.due(addMs(row.createdAt, PENDING_SHOT_MS));
      try {
        await asPlayer(() =>
          wallet.bet({
            sessionId: session.walletSessionId,
            transactionId: `bet:${row.id}`,
            roundId: row.id,
            amount: cannonCost,
            currency: session.currency,
          }),
        );
      } catch (error) {
        if (error instanceof DomainError && error.code !== 'GAME_PROVIDER_UNAVAILABLE')
          await repo.deleteShot(row.id);
        throw error;
      }
      const paid = await asPlayer(() => winOf(session.walletSessionId, session.currency, row));
      await mark(row.id, 'settled');
      return {
        shotId: row.id,
        cannonCost,
        fish: resolved.outcome.fish,
        multiplier: resolved.outcome.multiplier,
        returned: Number(row.returned),
        fairness: {
          serverSeedHash: shot.serverSeedHash,
          clientSeed: shot.clientSeed,
          nonce: shot.nonce,
          serverSeed: seeds.serverSeed,
        },
        balance: paid.balance,
      };
    },

    /** Shots left pending: refunded, or recorded as paid when their round already ended. */
    async recover(): Promise<number> {
      const rows = await repo.pendingShots(addMs(clock(), -PENDING_SHOT_MS));
      await runEach(rows, async ({ shot, session }) => {
        try {
          await wallet.rollback({
            sessionId: session.walletSessionId,
            transactionId: `rollback:${shot.id}`,
            betTransactionId: `bet:${shot.id}`,
          });
          await mark(shot.id, 'rolled-back');
        } catch (error) {
          if (!(error instanceof WalletRefusal) || error.code !== 'GAME_ROUND_CLOSED') throw error;
          await winOf(session.walletSessionId, session.currency, shot);
          await mark(shot.id, 'settled');
        }
      });
      return rows.length;
    },
  };
}

export type FishingService = ReturnType<typeof createFishingService>;
