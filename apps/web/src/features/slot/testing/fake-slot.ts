import { createHash, createHmac } from 'node:crypto';
import {
  SLOT_BET_LEVELS,
  SLOT_HOUSE_GAME_ID,
  SLOT_MACHINE_NAME,
  slotCalls,
  type SlotMoney,
  type SlotRound,
  type SlotSession,
} from '@kl/contracts/slot';
import {
  blocksOfRound,
  drawMessage,
  drawsFromBlocks,
  machineLayout,
  playRound,
} from '@kl/contracts/slot-engine';
import { GOLDEN_DRAGON } from '@kl/contracts/slot-machines/golden-dragon';
import type { StudioMachine } from '@kl/contracts/slot-studio-types';
import { callsTo, failure, type FakeAnswer, onByDefault } from '../../../test/fake-api.ts';
import { pageOf } from '../../../test/fake-data.ts';

/**
 * Slot data for component tests (contracts slot.ts): the member's seeds, the rounds the real engine plays
 * from them (which the browser verifies once the server seed is revealed), the session and the answers of
 * the screen's calls. The tests say what each spin answers.
 */
export const SERVER_SEED = 'a'.repeat(64);
export const SEED = {
  serverSeedHash: createHash('sha256').update(SERVER_SEED).digest('hex'),
  clientSeed: 'fake-client',
  nonce: 0,
};

/**
 * The round the engine plays at `nonce` of SEED for `lineBet` a line, in real money from 1,000,000, on
 * `studio` (the studio's first machine unless said).
 */
export function slotRoundOf(
  nonce: number,
  lineBet = 100,
  overrides: Partial<SlotRound> = {},
  studio: StudioMachine = GOLDEN_DRAGON,
): SlotRound {
  const blocks = Array.from({ length: blocksOfRound(studio.machine) }, (_, block) =>
    createHmac('sha256', SERVER_SEED)
      .update(drawMessage(SEED.clientSeed, nonce, block))
      .digest(),
  );
  const { totalBet, totalWin, spins } = playRound(studio.machine, drawsFromBlocks(blocks), lineBet);
  return {
    ...{ roundId: `round-${nonce}`, money: 'real', gameId: SLOT_HOUSE_GAME_ID, gameName: SLOT_MACHINE_NAME },
    machineId: studio.id,
    ...{ lineBet, totalBet, totalWin, jackpotWin: 0, balanceAfter: 1_000_000 - totalBet + totalWin, ...SEED },
    ...{ serverSeed: null, nonce, spins, createdAt: '2026-11-21T12:00:00.000Z', ...overrides },
  };
}

/** The machine as the session describes it. */
export const slotMachineInfoOf = (studio: StudioMachine): SlotSession['machine'] => ({
  ...{ id: studio.id, name: studio.name, theme: studio.theme },
  ...{ declaredRtp: studio.declaredRtp, volatility: studio.volatility },
  ...{ ...machineLayout(studio.machine), betLevels: [...SLOT_BET_LEVELS] },
  reels: studio.machine.reels.map((strip) => [...strip]),
  jackpot: studio.machine.jackpot
    ? {
        symbol: studio.machine.jackpot.symbol,
        count: studio.machine.jackpot.count,
        contribution: studio.machine.jackpot.contribution,
        pool: 0,
      }
    : null,
});

/** The session of the in-house machine (or `studio`) with `amount` of `money` at the seeds SEED. */
export const slotSessionOf = (
  amount = 1_000_000,
  money: SlotMoney = 'real',
  overrides: Partial<SlotSession> = {},
  studio: StudioMachine = GOLDEN_DRAGON,
): SlotSession => ({
  machine: slotMachineInfoOf(studio),
  game: { gameId: SLOT_HOUSE_GAME_ID, gameName: SLOT_MACHINE_NAME, house: true },
  ...{ balance: { money, amount, currency: 'VND' }, seed: SEED, ...overrides },
});

/**
 * The slot screen's calls unless the test says otherwise: `session`, the n-th spin answered with the n-th of
 * `rounds` (its balance after, the next nonce) and the history of the rounds answered so far.
 */
export function answerSlot(session: FakeAnswer<typeof slotCalls.slotSession>, rounds: SlotRound[]) {
  const played = () => rounds.slice(0, callsTo(slotCalls.slotSpin).length).reverse();
  onByDefault(slotCalls.slotSession, session);
  onByDefault(slotCalls.slotHistory, ({ query }) => pageOf(played(), query));
  onByDefault(slotCalls.slotSpin, () => {
    const round = rounds[callsTo(slotCalls.slotSpin).length - 1];
    if (!round) console.error(`The test gave no answer to spin ${callsTo(slotCalls.slotSpin).length}`);
    if (!round) return failure('SYSTEM_ERROR');
    const { money, balanceAfter: amount, serverSeedHash, clientSeed, nonce } = round;
    const seed = { serverSeedHash, clientSeed, nonce: nonce + 1 };
    return { round, balance: { money, amount, currency: 'VND' }, seed, jackpotPool: null, replayed: false };
  });
}
