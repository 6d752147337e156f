import type { Clock } from '../../platform/clock.ts';
import type { FreeRoundsRow, PragmaticLaunchRow, SandboxRepository } from '../repository.ts';

/**
 * What the Pragmatic wallet client and the routing of wallet calls read of the provider's own records
 * (docs/decisions/071-sandbox-pragmatic.md): the launches the site sent to the game server, and the free
 * rounds a free round's bonus names.
 */
export interface PragmaticRecords {
  /** The launch of this id as stored now (the game client's address carries the id): undefined when unknown. */
  find(launchId: string): Promise<PragmaticLaunchRow | undefined>;
  /** The launch of this id taken for its session once, with its player: undefined when opened before. */
  open(
    launchId: string,
    player: { playerId: string; currency: string },
  ): Promise<PragmaticLaunchRow | undefined>;
  /** The opened launch whose id is this wallet session id; undefined for a session of another protocol. */
  launch(walletSessionId: string): Promise<PragmaticLaunchRow | undefined>;
  /** The free rounds of this id. */
  freeRounds(id: string): Promise<FreeRoundsRow | undefined>;
}

/** Wallet sessions remembered: enough for every session playing at once, bounded all the same. */
const REMEMBERED_SESSIONS = 10_000;

/**
 * The records on the provider's database. Every wallet call asks which protocol its session speaks, so the
 * answer per wallet session id is kept in memory once it cannot change: an opened launch (its player is
 * written when it is opened, never after), or no launch at all (a launch's id is drawn when it is written, so
 * an id unknown now is never one).
 */
export function createPragmaticRecords(repo: SandboxRepository, clock: Clock): PragmaticRecords {
  const sessions = new Map<string, PragmaticLaunchRow | null>();
  const remember = (id: string, launch: PragmaticLaunchRow | null) => {
    if (sessions.size >= REMEMBERED_SESSIONS) sessions.delete(sessions.keys().next().value as string);
    sessions.set(id, launch);
  };
  return {
    find: (launchId) => repo.findPragmaticLaunch(launchId),
    async open(launchId, player) {
      const opened = await repo.openPragmaticLaunch(launchId, player, clock());
      if (opened) remember(launchId, opened);
      return opened;
    },
    async launch(walletSessionId) {
      const known = sessions.get(walletSessionId);
      if (known !== undefined) return known ?? undefined;
      const launch = await repo.findPragmaticLaunch(walletSessionId);
      if (!launch) remember(walletSessionId, null);
      else if (launch.openedAt !== null) remember(walletSessionId, launch);
      return launch?.openedAt ? launch : undefined;
    },
    freeRounds: (id) => repo.findFreeRounds(id),
  };
}
