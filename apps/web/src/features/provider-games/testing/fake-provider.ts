import { createHash } from 'node:crypto';
import type { ApiEntry } from '@kl/contracts/api-call';
import {
  SANDBOX_TABLE_BET_KINDS,
  SANDBOX_TABLE_GAMES,
  sandboxProviderCalls as calls,
  type SandboxTableBet,
  type SandboxTableGame,
  type SandboxTableRound,
} from '@kl/contracts/sandbox-provider';
import { answer, bodyOf, failure, isCall } from '../../../test/fake-api.ts';

/**
 * The sandbox provider's player calls for component tests, keeping the contract of sandbox-provider.ts and
 * the provider's rules (docs/decisions/026-sandbox-provider.md): a launch token opens a session (a repeat
 * answers the same one), every other call needs `authorization: Bearer <sessionId>`, a placement is taken
 * only while its round takes bets and the balance covers it. The server's clock runs `serverAheadMs` ahead
 * of the device's (negative: behind). Rounds close and are revealed when the test says so (`reveal`).
 */
export interface FakeProviderOptions {
  balance?: number;
  currency?: string;
  /** Launch tokens the provider knows (others are refused LAUNCH_LINK_EXPIRED). */
  tokens?: string[];
  /** How the session call fails instead of answering, while set (see `state.openFailure`). */
  openFailure?: 'unavailable' | 'network' | null;
  /** The server's clock minus the device's. */
  serverAheadMs?: number;
  /** How long a round takes bets from the first look at the table. */
  bettingMs?: number;
}

export interface FakeProvider {
  handle: (url: URL, init?: RequestInit) => Promise<Response | undefined>;
  state: {
    balance: number;
    openFailure: 'unavailable' | 'network' | null;
    openCalls: string[];
    balanceCalls: number;
    placements: { game: SandboxTableGame; roundId: string; bets: { kind: string; stake: number }[] }[];
    tables: Partial<Record<SandboxTableGame, TableState>>;
  };
  /**
   * Closes the table's current round with this outcome: its seed revealed, my bets paid `returnOf(line)`
   * each (the wallet credited), and the round added to the results.
   */
  reveal: (
    game: SandboxTableGame,
    outcome: unknown,
    returnOf: (line: { kind: string; stake: number }) => number,
  ) => void;
  /** Opens the next round of the table, taking bets for `bettingMs` from now. */
  nextRound: (game: SandboxTableGame) => void;
  serverNow: () => number;
}

interface TableState {
  current: SandboxTableRound;
  results: SandboxTableRound[];
  myBets: SandboxTableBet[];
}

const SESSION_ID = '6f1c2f0e-3b7a-4c1d-9a55-2f1e8d7c6b5a';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function createFakeProvider(options: FakeProviderOptions = {}): FakeProvider {
  const currency = options.currency ?? 'VND';
  const tokens = new Set(options.tokens ?? ['launch-token']);
  const serverAheadMs = options.serverAheadMs ?? 0;
  const bettingMs = options.bettingMs ?? 15_000;
  let seq = 100;
  let betSeq = 0;
  const state: FakeProvider['state'] = {
    balance: options.balance ?? 1_000_000,
    openFailure: options.openFailure ?? null,
    openCalls: [],
    balanceCalls: 0,
    placements: [],
    tables: {},
  };
  const serverNow = () => Date.now() + serverAheadMs;

  const newRound = (game: SandboxTableGame): SandboxTableRound => {
    seq += 1;
    const opensAt = serverNow();
    return {
      roundId: `${game}-round-${seq}`,
      seq,
      phase: 'betting',
      opensAt: new Date(opensAt).toISOString(),
      closesAt: new Date(opensAt + bettingMs).toISOString(),
      fairness: {
        serverSeedHash: sha256(`seed-${seq}`),
        clientSeed: `client-${seq}`,
        nonce: seq,
        serverSeed: null,
      },
      params: game === 'cockfight' ? { meronBp: 19_000, walaBp: 18_500 } : null,
      outcome: null,
    };
  };
  const tableOf = (game: SandboxTableGame): TableState => {
    let table = state.tables[game];
    if (!table) {
      table = { current: newRound(game), results: [], myBets: [] };
      state.tables[game] = table;
    }
    return table;
  };
  const phaseOf = (round: SandboxTableRound): SandboxTableRound => ({
    ...round,
    phase: round.outcome === null && serverNow() < Date.parse(round.closesAt) ? 'betting' : 'result',
  });

  const authorised = (init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    return headers.get('authorization') === `Bearer ${SESSION_ID}`;
  };

  async function handle(url: URL, init?: RequestInit): Promise<Response | undefined> {
    const is = (entry: ApiEntry) => isCall(entry, url, init);
    if (is(calls.sandboxProviderOpenSession)) {
      const { token } = bodyOf(calls.sandboxProviderOpenSession, init);
      state.openCalls.push(token);
      if (state.openFailure === 'network') throw new TypeError('Failed to fetch');
      if (state.openFailure === 'unavailable') return failure('GAME_PROVIDER_UNAVAILABLE');
      if (!tokens.has(token)) return failure('LAUNCH_LINK_EXPIRED');
      return answer(calls.sandboxProviderOpenSession, {
        sessionId: SESSION_ID,
        playerName: 'player01',
        currency,
        balance: state.balance,
        gameId: 'sandbox-game',
        demo: false,
      });
    }
    if (!url.pathname.startsWith('/api/sandbox-provider/')) return undefined;
    if (!authorised(init)) return failure('SESSION_EXPIRED');
    if (is(calls.sandboxProviderBalance)) {
      state.balanceCalls += 1;
      return answer(calls.sandboxProviderBalance, { currency, balance: state.balance });
    }
    if (is(calls.sandboxProviderTable)) {
      const game = url.searchParams.get('game') as SandboxTableGame;
      if (!SANDBOX_TABLE_GAMES.includes(game)) return failure('INVALID_INPUT');
      const table = tableOf(game);
      return answer(calls.sandboxProviderTable, {
        game,
        betKinds: [...SANDBOX_TABLE_BET_KINDS[game]],
        now: new Date(serverNow()).toISOString(),
        current: phaseOf(table.current),
        results: table.results,
        myBets: table.myBets,
      });
    }
    if (is(calls.sandboxProviderPlaceTableBet)) {
      const body = bodyOf(calls.sandboxProviderPlaceTableBet, init);
      const table = tableOf(body.game);
      if (body.roundId !== table.current.roundId) return failure('NOT_FOUND');
      if (phaseOf(table.current).phase !== 'betting') return failure('GAME_ROUND_CLOSED');
      const stake = body.bets.reduce((sum, line) => sum + line.stake, 0);
      if (stake > state.balance)
        return failure('INSUFFICIENT_BALANCE', undefined, { providerStatus: 'RS_ERROR_NOT_ENOUGH_MONEY' });
      state.balance -= stake;
      state.placements.push(body);
      betSeq += 1;
      const bet: SandboxTableBet = {
        betId: `bet-${betSeq}`,
        roundId: body.roundId,
        bets: body.bets,
        stake,
        status: 'accepted',
        returned: null,
      };
      table.myBets.unshift(bet);
      return answer(calls.sandboxProviderPlaceTableBet, { bet, balance: state.balance });
    }
    return failure('NOT_FOUND');
  }

  function reveal(
    game: SandboxTableGame,
    outcome: unknown,
    returnOf: (line: { kind: string; stake: number }) => number,
  ) {
    const table = tableOf(game);
    const round = table.current;
    const played: SandboxTableRound = {
      ...round,
      phase: 'result',
      closesAt: new Date(Math.min(Date.parse(round.closesAt), serverNow())).toISOString(),
      fairness: { ...round.fairness, serverSeed: `seed-${round.seq}` },
      outcome,
    };
    table.current = played;
    table.results.unshift(played);
    table.myBets = table.myBets.map((bet) => {
      if (bet.roundId !== round.roundId || bet.status !== 'accepted') return bet;
      const returned = bet.bets.reduce((sum, line) => sum + returnOf(line), 0);
      state.balance += returned;
      return { ...bet, status: 'settled', returned };
    });
  }

  function nextRound(game: SandboxTableGame) {
    tableOf(game).current = newRound(game);
  }

  return { handle, state, reveal, nextRound, serverNow };
}
