import { createHash } from 'node:crypto';
import {
  SANDBOX_TABLE_BET_KINDS,
  sandboxProviderCalls as calls,
  type SandboxSession,
  type SandboxTableGame,
  type SandboxTableRound,
  type SandboxTableState,
} from '@kl/contracts/sandbox-provider';
import { onByDefault } from '../../../test/fake-api.ts';

/**
 * Sandbox provider data for component tests (contracts sandbox-provider.ts, docs/decisions/026): the
 * member's session, a table's round and state, and the answers of the provider's screen.
 */
export const PROVIDER_SESSION: SandboxSession = {
  ...{ sessionId: '6f1c2f0e-3b7a-4c1d-9a55-2f1e8d7c6b5a', playerName: 'player01', currency: 'VND' },
  ...{ balance: 1_000_000, gameId: 'sandbox-game', demo: false },
};

/** Round 101 of the table of `game`, taking bets for 15 s from `opensAt`, its seed `seed-101` not shown. */
export const tableRoundOf = (game: SandboxTableGame, opensAt: number): SandboxTableRound => ({
  ...{ roundId: `${game}-round-101`, seq: 101, phase: 'betting', outcome: null },
  ...{ opensAt: new Date(opensAt).toISOString(), closesAt: new Date(opensAt + 15_000).toISOString() },
  fairness: {
    ...{ serverSeedHash: createHash('sha256').update('seed-101').digest('hex'), serverSeed: null },
    ...{ clientSeed: 'client-101', nonce: 101 },
  },
  params: game === 'cockfight' ? { meronBp: 19_000, walaBp: 18_500 } : null,
});

/** The round closed with `outcome`, its seed revealed. */
export const revealedOf = (round: SandboxTableRound, outcome: unknown): SandboxTableRound => ({
  ...{ ...round, phase: 'result', outcome },
  fairness: { ...round.fairness, serverSeed: `seed-${round.seq}` },
});

/** What the table of `game` answers now (`now` on a server clock `aheadMs` ahead of the device's). */
export const tableOf = (
  game: SandboxTableGame,
  current: SandboxTableRound,
  more: Partial<SandboxTableState> = {},
  aheadMs = 0,
): SandboxTableState => ({
  ...{ game, betKinds: [...SANDBOX_TABLE_BET_KINDS[game]], current, results: [], myBets: [], ...more },
  now: new Date(Date.now() + aheadMs).toISOString(),
});

/**
 * The provider's answers unless the test says otherwise: the session opened with `balance` (from any
 * token), the balance, and each table taking bets on its round 101 from now.
 */
export function answerProvider(balance: number) {
  const opensAt = Date.now();
  onByDefault(calls.sandboxProviderOpenSession, { ...PROVIDER_SESSION, balance });
  onByDefault(calls.sandboxProviderBalance, { currency: 'VND', balance });
  onByDefault(calls.sandboxProviderTable, ({ query }) => {
    const game = query.game as SandboxTableGame;
    return tableOf(game, tableRoundOf(game, opensAt));
  });
}
