import { createHash, createHmac } from 'node:crypto';
import type { ApiEntry } from '@kl/contracts/api-call';
import { gamesCalls } from '@kl/contracts/games';
import {
  SLOT_BET_LEVELS,
  SLOT_HOUSE_GAME_ID,
  SLOT_MACHINE_NAME,
  type SlotMachineInfo,
  type SlotMoney,
  type SlotRound,
  type SlotSeedState,
  slotCalls,
} from '@kl/contracts/slot';
import { blocksOfRound, drawMessage, drawsFromBlocks, playRound } from '@kl/contracts/slot-engine';
import { SLOT_MACHINE } from '@kl/contracts/slot-machine';
import { answer, failure, isCall } from '../../../test/fake-api.ts';

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

/** The paths of the slot calls (contracts slot.ts): the part of the API this fake stands for. */
const SLOT_PATHS = new Set<string>(Object.values(slotCalls).map((entry) => entry.path));

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
    const body = () => JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    const is = (entry: ApiEntry) => isCall(entry, url, init);
    if (is(gamesCalls.redeemLaunch)) {
      const token = String(body().token);
      const launch = options.launches?.[token];
      if (!launch || state.redeemed.includes(token)) return failure('LAUNCH_LINK_EXPIRED');
      state.redeemed.push(token);
      return answer(gamesCalls.redeemLaunch, {
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
          mobileLargeIcon: `/api/games/art/${launch.gameId}.webp`,
          iconUrl: `/api/games/art/${launch.gameId}.webp`,
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
    if (!SLOT_PATHS.has(url.pathname)) return undefined;
    if (is(slotCalls.slotSession)) {
      const money: SlotMoney = url.searchParams.get('mode') === 'play' ? 'play' : walletMoney;
      return answer(slotCalls.slotSession, {
        machine: fakeMachineInfo(),
        game: gameOf(url.searchParams.get('gameId')),
        balance: balanceOf(money),
        seed: state.seed,
      });
    }
    if (is(slotCalls.slotSpin)) {
      const request = body() as FakeSlot['state']['spinCalls'][number];
      state.spinCalls.push(request);
      const money: SlotMoney = request.mode === 'play' ? 'play' : walletMoney;
      const previous = state.rounds.find((round) => round.roundId === `round-${request.requestKey}`);
      if (previous) {
        return answer(slotCalls.slotSpin, {
          round: withSeed(previous),
          balance: balanceOf(money),
          seed: state.seed,
          replayed: true,
        });
      }
      const outcome = engineRound(state.serverSeed, state.seed.clientSeed, state.seed.nonce, request.lineBet);
      const current = money === 'play' ? state.playBalance : state.balance;
      if (current < outcome.totalBet) return failure('INSUFFICIENT_BALANCE');
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
      return answer(slotCalls.slotSpin, {
        round,
        balance: balanceOf(money),
        seed: state.seed,
        replayed: false,
      });
    }
    if (is(slotCalls.slotClientSeed)) {
      state.seed = { ...state.seed, clientSeed: String(body().clientSeed) };
      return answer(slotCalls.slotClientSeed, state.seed);
    }
    if (is(slotCalls.slotRotateSeed)) {
      const old = { serverSeed: state.serverSeed, seed: state.seed };
      revealed.set(old.seed.serverSeedHash, old.serverSeed);
      state.serverSeed = sha256(`${old.serverSeed}:next`);
      state.seed = { serverSeedHash: sha256(state.serverSeed), clientSeed: old.seed.clientSeed, nonce: 0 };
      return answer(slotCalls.slotRotateSeed, {
        revealed: {
          serverSeed: old.serverSeed,
          serverSeedHash: old.seed.serverSeedHash,
          clientSeed: old.seed.clientSeed,
          rounds: old.seed.nonce,
        },
        seed: state.seed,
      });
    }
    if (is(slotCalls.slotHistory)) {
      const pageNo = Number(url.searchParams.get('pageNo') ?? 1);
      const pageSize = Number(url.searchParams.get('pageSize') ?? 20);
      const all = state.rounds.map(withSeed).map((round) => options.tamper?.(round) ?? round);
      return answer(slotCalls.slotHistory, {
        list: all.slice((pageNo - 1) * pageSize, pageNo * pageSize),
        pageNum: pageNo,
        totalPages: Math.ceil(all.length / pageSize),
        total: all.length,
      });
    }
    return failure('NOT_FOUND');
  }

  return { handle, state };
}
