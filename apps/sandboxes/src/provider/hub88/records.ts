import type { Clock } from '../../platform/clock.ts';
import type { FreeRoundsRow, Hub88LaunchRow, SandboxRepository } from '../repository.ts';

/**
 * What the Hub88 wallet client and the routing of wallet calls read of the provider's own records
 * (docs/decisions/067-sandbox-hub88.md): the launches the operator's `game/url` recorded, the stake a round's
 * win names, and the reward a free bet is worth.
 */
export interface Hub88Records {
  /**
   * The launch of this id (what the game client's address carries, never the operator's token), taken for
   * its session once: undefined when unknown or already opened.
   */
  open(launchId: string): Promise<Hub88LaunchRow | undefined>;
  /** The launch whose id is this wallet session id; undefined for a session of the native protocol. */
  launch(walletSessionId: string): Promise<Hub88LaunchRow | undefined>;
  /** The transaction id of the round's stake in the wallet session, when one was sent. */
  betOfRound(walletSessionId: string, roundId: string): Promise<string | undefined>;
  /** The reward (free rounds) of this id. */
  reward(rewardUuid: string): Promise<FreeRoundsRow | undefined>;
}

/** Wallet sessions remembered: enough for every session playing at once, bounded all the same. */
const REMEMBERED_SESSIONS = 10_000;

/**
 * The records on the provider's database. Every wallet call asks which protocol its session speaks, so the
 * answer per wallet session id is kept in memory: it never changes (a session's wallet session id is its
 * launch's id only when the launch was recorded before the session was opened, and a launch is never
 * removed), so every process may keep its own.
 */
export function createHub88Records(repo: SandboxRepository, clock: Clock): Hub88Records {
  const sessions = new Map<string, Hub88LaunchRow | null>();
  return {
    open: (launchId) => repo.openHub88Launch(launchId, clock()),
    async launch(walletSessionId) {
      const known = sessions.get(walletSessionId);
      if (known !== undefined) return known ?? undefined;
      const launch = (await repo.findHub88Launch(walletSessionId)) ?? null;
      if (sessions.size >= REMEMBERED_SESSIONS) sessions.delete(sessions.keys().next().value as string);
      sessions.set(walletSessionId, launch);
      return launch ?? undefined;
    },
    betOfRound: (walletSessionId, roundId) => repo.betOfRound(walletSessionId, roundId),
    reward: (rewardUuid) => repo.findFreeRounds(rewardUuid),
  };
}
