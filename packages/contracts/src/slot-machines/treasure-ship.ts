import type { SlotMachine } from '../slot-engine.ts';
import { SLOT_LINES } from '../slot-machine.ts';
import { strip, type StudioMachine, threeFourFive } from '../slot-studio-types.ts';

/**
 * Thuyền Kho Báu: 5×3, 10 lines, a wild (the captain) that pays on its own, and a progressive jackpot: 1% of
 * every stake feeds the machine's pool, and a base spin showing five treasure chests (one a reel, two on each
 * strip, never two in one window: about one spin in 9,000) wins all of it. The chest pays nothing of its own.
 * The paytable returns 95%, computed exactly from this data (`machineRtp`); the pool returns the other 1%, so
 * the machine declares 96%. Change a strip or a pay only with that figure and the simulation.
 */
const SYMBOLS = {
  WILD: { kind: 'wild', pays: { 3: 25, 4: 100, 5: 400 } },
  JACKPOT: { kind: 'regular', pays: {} },
  SHIP: threeFourFive(20, 75, 300),
  COMPASS: threeFourFive(15, 50, 200),
  MAP: threeFourFive(12, 40, 150),
  ANCHOR: threeFourFive(10, 30, 100),
  A: threeFourFive(5, 15, 60),
  K: threeFourFive(5, 12, 50),
  Q: threeFourFive(4, 10, 40),
  J: threeFourFive(3, 8, 30),
  TEN: threeFourFive(3, 6, 25),
} as const satisfies SlotMachine['symbols'];

const REELS = [
  strip(
    'JACKPOT TEN ANCHOR ANCHOR MAP COMPASS K Q TEN COMPASS ANCHOR Q ANCHOR SHIP ANCHOR A JACKPOT J TEN J MAP Q ANCHOR J COMPASS A WILD ANCHOR ANCHOR COMPASS WILD A COMPASS',
  ),
  strip(
    'JACKPOT COMPASS J ANCHOR WILD COMPASS Q J COMPASS K J SHIP Q WILD ANCHOR Q COMPASS WILD Q JACKPOT WILD ANCHOR ANCHOR A TEN MAP J TEN ANCHOR A WILD A ANCHOR J TEN TEN K WILD',
  ),
  strip(
    'JACKPOT ANCHOR ANCHOR ANCHOR Q SHIP WILD TEN TEN WILD A K COMPASS J Q K COMPASS ANCHOR JACKPOT SHIP J ANCHOR TEN K J TEN COMPASS Q K TEN ANCHOR J MAP ANCHOR Q COMPASS',
  ),
  strip(
    'JACKPOT WILD COMPASS K TEN ANCHOR J A MAP WILD K ANCHOR COMPASS Q A Q SHIP WILD JACKPOT ANCHOR ANCHOR ANCHOR COMPASS MAP TEN K Q TEN Q TEN TEN COMPASS MAP ANCHOR TEN A A',
  ),
  strip(
    'JACKPOT COMPASS ANCHOR WILD K WILD TEN COMPASS ANCHOR Q A Q J Q K SHIP WILD MAP ANCHOR COMPASS JACKPOT J SHIP ANCHOR Q A TEN TEN J ANCHOR ANCHOR K COMPASS A COMPASS WILD A WILD Q ANCHOR A',
  ),
];

export const TREASURE_SHIP: StudioMachine = {
  id: 'treasure-ship',
  name: 'Thuyền Kho Báu',
  theme: 'ocean',
  machine: {
    rows: 3,
    symbols: SYMBOLS,
    reels: REELS,
    freeSpinReels: REELS,
    // The first ten of Rồng Vàng's lines.
    lines: SLOT_LINES.slice(0, 10),
    jackpot: { symbol: 'JACKPOT', count: 5, contribution: 0.01 },
    freeSpins: {},
    freeSpinMultiplier: 1,
    maxFreeSpins: 0,
  },
  declaredRtp: 0.96,
  volatility: 'medium',
};
