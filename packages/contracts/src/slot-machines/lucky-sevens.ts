import type { SlotMachine } from '../slot-engine.ts';
import { strip, type StudioMachine } from '../slot-studio-types.ts';

/**
 * Bảy May Mắn: the classic three-reel fruit machine, 3×3 and 5 lines (the three rows and the two diagonals), no
 * wild, no scatter, no free spins: three of a kind on a line, or two cherries from the left. Small wins often
 * (about one paid spin in two), the lowest volatility of the studio. The strips decide its return, computed
 * exactly from this data (`machineRtp`): change a strip or a pay only with that figure and the simulation.
 */
const SYMBOLS = {
  SEVEN: { kind: 'regular', pays: { 3: 100 } },
  TRIPLE_BAR: { kind: 'regular', pays: { 3: 50 } },
  BAR: { kind: 'regular', pays: { 3: 20 } },
  BELL: { kind: 'regular', pays: { 3: 12 } },
  PLUM: { kind: 'regular', pays: { 3: 8 } },
  CHERRY: { kind: 'regular', pays: { 2: 2, 3: 6 } },
} as const satisfies SlotMachine['symbols'];

const REELS = [
  strip(
    'CHERRY PLUM CHERRY CHERRY CHERRY PLUM BELL BAR CHERRY BELL CHERRY TRIPLE_BAR BAR SEVEN BELL BAR CHERRY BAR BAR BAR PLUM BAR BAR TRIPLE_BAR BELL CHERRY',
  ),
  strip(
    'TRIPLE_BAR CHERRY CHERRY CHERRY CHERRY CHERRY CHERRY PLUM CHERRY PLUM BAR BELL CHERRY CHERRY PLUM CHERRY BAR SEVEN BAR CHERRY PLUM BAR BAR BAR CHERRY BELL CHERRY CHERRY SEVEN CHERRY BELL BAR BAR',
  ),
  strip(
    'CHERRY CHERRY BAR TRIPLE_BAR BELL TRIPLE_BAR BAR CHERRY SEVEN CHERRY BAR TRIPLE_BAR SEVEN CHERRY PLUM BAR CHERRY BELL CHERRY BAR TRIPLE_BAR BAR BELL PLUM BAR BAR BAR BELL CHERRY',
  ),
];

export const LUCKY_SEVENS: StudioMachine = {
  id: 'lucky-sevens',
  name: 'Bảy May Mắn',
  theme: 'neon',
  machine: {
    rows: 3,
    symbols: SYMBOLS,
    reels: REELS,
    freeSpinReels: REELS,
    lines: [
      [1, 1, 1],
      [0, 0, 0],
      [2, 2, 2],
      [0, 1, 2],
      [2, 1, 0],
    ],
    freeSpins: {},
    freeSpinMultiplier: 1,
    maxFreeSpins: 0,
  },
  declaredRtp: 0.96,
  volatility: 'low',
};
