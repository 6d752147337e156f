import { createHash, createHmac } from 'node:crypto';
import {
  SLOT_BET_LEVELS,
  SLOT_HOUSE_GAME_ID,
  SLOT_MACHINE_NAME,
  type SlotMachineInfo,
  type SlotMoney,
  type SlotRound,
  type SlotSeedState,
} from '@kl/contracts/slot';
import { blocksOfRound, drawMessage, drawsFromBlocks, playRound } from '@kl/contracts/slot-engine';
import { SLOT_MACHINE } from '@kl/contracts/slot-machine';

/**
 * The slot side of the API for component tests, keeping the contracts of slot.ts and the server's rules:
 * rounds are drawn by the real engine from HMAC-SHA256(server seed, "client seed:nonce:block"), the nonce
 * grows by one per round, rotating reveals the seed; a launch token is redeemed once.
 */
export interface FakeSlotOptions {
  balance?: number;
  /** Which money the wallet mode plays with (a trial member: demo). */
  walletMoney?: Extract<SlotMoney, 'real' | 'demo'>;
  playBalance?: number;
  serverSeed?: string;
  clientSeed?: string;
  /** Launch tokens the fake redeems: token → the game and whether in free play. */
  launches?: Record<string, { gameId: string; gameName: string; freePlay: boolean }>;
  /** Changes the rounds of the history answers (to show a tampered round). */
  tamper?: (round: SlotRound) => SlotRound;
}

export interface FakeSlot {
  handle: (url: URL, init?: RequestInit) => Promise<Response | undefined>;
  state: {
    balance: number;
    playBalance: number;
    serverSeed: string;
    seed: SlotSeedState;
    rounds: SlotRound[];
    spinCalls: { lineBet: number; requestKey: string; mode: string; gameId?: string }[];
    redeemed: string[];
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (value: unknown) => json({ success: true, value });
const fail = (code: string, status: number) => json({ success: false, code, message: code }, status);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function fakeMachineInfo(): SlotMachineInfo {
  return {
    name: SLOT_MACHINE_NAME,
    rows: SLOT_MACHINE.rows,
    reelCount: SLOT_MACHINE.reels.length,
    symbols: Object.entries(SLOT_MACHINE.symbols).map(([code, symbol]) => ({
      code,
      kind: symbol.kind,
      pays: Object.fromEntries(Object.entries(symbol.pays).map(([count, pay]) => [count, pay ?? 0])),
    })),
    lines: SLOT_MACHINE.lines.map((line) => [...line]),
    reels: SLOT_MACHINE.reels.map((strip) => [...strip]),
    freeSpins: Object.fromEntries(
      Object.entries(SLOT_MACHINE.freeSpins).map(([count, spins]) => [count, spins ?? 0]),
    ),
    freeSpinMultiplier: SLOT_MACHINE.freeSpinMultiplier,
    maxFreeSpins: SLOT_MACHINE.maxFreeSpins,
    betLevels: [...SLOT_BET_LEVELS],
    lineCount: SLOT_MACHINE.lines.length,
  };
}

/** The round the engine plays from these seeds (as the server does). */
export function engineRound(serverSeed: string, clientSeed: string, nonce: number, lineBet: number) {
  const blocks = Array.from(
    { length: blocksOfRound(SLOT_MACHINE) },
    (_, block) =>
      new Uint8Array(
        createHmac('sha256', serverSeed)
          .update(drawMessage(clientSeed, nonce, block))
          .digest(),
      ),
  );
  return playRound(SLOT_MACHINE, drawsFromBlocks(blocks), lineBet);
}

export function createFakeSlot(options: FakeSlotOptions = {}): FakeSlot {
  const serverSeed = options.serverSeed ?? 'a'.repeat(64);
  const state: FakeSlot['state'] = {
    balance: options.balance ?? 1_000_000,
    playBalance: options.playBalance ?? 1_000_000,
    serverSeed,
    seed: { serverSeedHash: sha256(serverSeed), clientSeed: options.clientSeed ?? 'fake-client', nonce: 0 },
    rounds: [],
    spinCalls: [],
    redeemed: [],
  };
  const revealed = new Map<string, string>();
  const walletMoney = options.walletMoney ?? 'real';
  const games = new Map(Object.values(options.launches ?? {}).map((launch) => [launch.gameId, launch]));

  const gameOf = (gameId: string | null | undefined) => {
    const found = gameId ? games.get(gameId) : undefined;
    return found
      ? { gameId: found.gameId, gameName: found.gameName, house: false }
      : { gameId: SLOT_HOUSE_GAME_ID, gameName: SLOT_MACHINE_NAME, house: true };
  };
  const balanceOf = (money: SlotMoney) => ({
    money,
    amount: money === 'play' ? state.playBalance : state.balance,
    currency: 'VND',
  });
  const withSeed = (round: SlotRound): SlotRound => ({
    ...round,
    serverSeed: revealed.get(round.serverSeedHash) ?? null,
  });

  async function handle(url: URL, init?: RequestInit): Promise<Response | undefined> {
    const method = init?.method ?? 'GET';
    const body = () => JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    if (url.pathname === '/api/games/launch/redeem' && method === 'POST') {
      const token = String(body().token);
      const launch = options.launches?.[token];
      if (!launch || state.redeemed.includes(token)) return fail('LAUNCH_LINK_EXPIRED', 410);
      state.redeemed.push(token);
      return ok({
        userName: 'player01',
        merchantCode: 'kimlong',
        vassalage: 'BGS',
        gameType: 'RNG',
        game: {
          gameType: 'RNG',
          vassalage: 'BGS',
          vendorCode: 'BGS',
          gameId: launch.gameId,
          roomId: null,
          nodeId: '50001',
          nodeName: launch.gameName,
          gameName: launch.gameName,
          gameCode: 'BGS_GAME',
          gameGroupId: null,
          lottoMode: null,
          displayName: launch.gameName,
          mobileLargeIcon: `/api/games/art/${launch.gameId}.svg`,
          iconUrl: `/api/games/art/${launch.gameId}.svg`,
          gameClassify: '',
          gameClassifyNew: [],
          supportPlay: 1,
          isNew: false,
          isTop: false,
          minBet: '0.1',
          minLine: 20,
        },
        prizeMode: null,
        playType: null,
        supportPlay: launch.freePlay ? 1 : 0,
      });
    }
    if (!url.pathname.startsWith('/api/slot/')) return undefined;
    if (url.pathname === '/api/slot/session' && method === 'GET') {
      const money: SlotMoney = url.searchParams.get('mode') === 'play' ? 'play' : walletMoney;
      return ok({
        machine: fakeMachineInfo(),
        game: gameOf(url.searchParams.get('gameId')),
        balance: balanceOf(money),
        seed: state.seed,
      });
    }
    if (url.pathname === '/api/slot/spin' && method === 'POST') {
      const request = body() as FakeSlot['state']['spinCalls'][number];
      state.spinCalls.push(request);
      const money: SlotMoney = request.mode === 'play' ? 'play' : walletMoney;
      const previous = state.rounds.find((round) => round.roundId === `round-${request.requestKey}`);
      if (previous)
        return ok({ round: withSeed(previous), balance: balanceOf(money), seed: state.seed, replayed: true });
      const outcome = engineRound(state.serverSeed, state.seed.clientSeed, state.seed.nonce, request.lineBet);
      const current = money === 'play' ? state.playBalance : state.balance;
      if (current < outcome.totalBet) return fail('INSUFFICIENT_BALANCE', 409);
      const after = current - outcome.totalBet + outcome.totalWin;
      if (money === 'play') state.playBalance = after;
      else state.balance = after;
      const { gameId, gameName } = gameOf(request.gameId);
      const round: SlotRound = {
        roundId: `round-${request.requestKey}`,
        money,
        gameId,
        gameName,
        lineBet: request.lineBet,
        totalBet: outcome.totalBet,
        totalWin: outcome.totalWin,
        balanceAfter: after,
        serverSeedHash: state.seed.serverSeedHash,
        serverSeed: null,
        clientSeed: state.seed.clientSeed,
        nonce: state.seed.nonce,
        spins: outcome.spins,
        createdAt: new Date().toISOString(),
      };
      state.rounds.unshift(round);
      state.seed = { ...state.seed, nonce: state.seed.nonce + 1 };
      return ok({ round, balance: balanceOf(money), seed: state.seed, replayed: false });
    }
    if (url.pathname === '/api/slot/seed/client' && method === 'PUT') {
      state.seed = { ...state.seed, clientSeed: String(body().clientSeed) };
      return ok(state.seed);
    }
    if (url.pathname === '/api/slot/seed/rotate' && method === 'POST') {
      const old = { serverSeed: state.serverSeed, seed: state.seed };
      revealed.set(old.seed.serverSeedHash, old.serverSeed);
      state.serverSeed = sha256(`${old.serverSeed}:next`);
      state.seed = { serverSeedHash: sha256(state.serverSeed), clientSeed: old.seed.clientSeed, nonce: 0 };
      return ok({
        revealed: {
          serverSeed: old.serverSeed,
          serverSeedHash: old.seed.serverSeedHash,
          clientSeed: old.seed.clientSeed,
          rounds: old.seed.nonce,
        },
        seed: state.seed,
      });
    }
    if (url.pathname === '/api/slot/rounds' && method === 'GET') {
      const pageNo = Number(url.searchParams.get('pageNo') ?? 1);
      const pageSize = Number(url.searchParams.get('pageSize') ?? 20);
      const all = state.rounds.map(withSeed).map((round) => options.tamper?.(round) ?? round);
      return ok({
        list: all.slice((pageNo - 1) * pageSize, pageNo * pageSize),
        pageNum: pageNo,
        totalPages: Math.ceil(all.length / pageSize),
        total: all.length,
      });
    }
    return fail('NOT_FOUND', 404);
  }

  return { handle, state };
}
