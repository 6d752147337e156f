import type { SlotMachine } from '../slot-engine.ts';
import { strip, type StudioMachine, threeFourFive } from '../slot-studio-types.ts';

/**
 * Vườn Ngọc: 5×3 paying 243 ways (a run of reels from the left, each showing the symbol anywhere), a wild on
 * reels 2 to 4, and scatters (lotus envelopes) that pay on the total bet and award 8, 12 or 20 free spins on
 * strips richer in wilds, up to 60 a round. The total bet is 25 line bets. Its return is computed exactly from
 * this data (`machineRtp`): change a strip or a pay only with that figure and the simulation.
 */
const SYMBOLS = {
  WILD: { kind: 'wild', pays: {} },
  SCATTER: { kind: 'scatter', pays: { 3: 2, 4: 10, 5: 50 } },
  LOTUS: threeFourFive(25, 75, 250),
  JADE: threeFourFive(20, 60, 200),
  LANTERN: threeFourFive(15, 40, 150),
  FAN: threeFourFive(12, 30, 100),
  A: threeFourFive(8, 20, 60),
  K: threeFourFive(8, 15, 50),
  Q: threeFourFive(5, 12, 40),
  J: threeFourFive(5, 10, 30),
  TEN: threeFourFive(5, 10, 25),
} as const satisfies SlotMachine['symbols'];

const BASE_REELS = [
  strip(
    'SCATTER J FAN J LANTERN K LANTERN Q Q TEN Q Q TEN JADE LOTUS LANTERN TEN Q TEN FAN A J JADE K J LANTERN Q Q K A TEN TEN FAN FAN',
  ),
  strip(
    'SCATTER A K TEN Q J TEN K Q Q FAN J LANTERN SCATTER WILD LANTERN TEN J LOTUS A FAN J TEN K Q LOTUS SCATTER LANTERN Q TEN J Q A LANTERN K WILD FAN A JADE',
  ),
  strip(
    'SCATTER J LANTERN FAN J J JADE TEN WILD Q Q FAN Q TEN J K K J A WILD Q TEN LANTERN A A Q J LANTERN LANTERN LANTERN TEN K LOTUS LOTUS TEN',
  ),
  strip(
    'SCATTER Q K FAN Q TEN Q J TEN A TEN FAN Q A LANTERN Q K WILD TEN LOTUS SCATTER K TEN Q JADE J Q J LOTUS LANTERN WILD JADE LOTUS FAN K J J LANTERN LANTERN A J',
  ),
  strip(
    'SCATTER FAN Q LOTUS TEN TEN K TEN J A JADE JADE SCATTER LANTERN J J JADE Q FAN Q K K Q Q A SCATTER Q TEN LANTERN J J Q TEN A LANTERN LOTUS LOTUS FAN',
  ),
];

/** The free spins' strips: twice the wilds on reels 2 to 4. */
const FREE_SPIN_REELS = [
  strip(
    'SCATTER J Q K TEN JADE Q JADE TEN Q TEN LANTERN A TEN FAN J JADE K LANTERN FAN A LANTERN LOTUS J J Q LOTUS FAN K TEN K K J J A A LOTUS LANTERN LANTERN A JADE Q LANTERN A FAN Q TEN A',
  ),
  strip(
    'SCATTER LANTERN J LOTUS Q K J J WILD FAN K JADE K WILD WILD Q LANTERN WILD TEN Q LOTUS TEN Q K Q K J TEN TEN Q FAN JADE LANTERN TEN FAN A A LANTERN A FAN J LOTUS A J',
  ),
  strip(
    'SCATTER FAN WILD A LANTERN TEN LOTUS J LOTUS A LANTERN WILD Q TEN Q LANTERN Q WILD JADE Q A K FAN J TEN Q WILD LANTERN K J Q FAN K A LOTUS LANTERN JADE FAN TEN K A J',
  ),
  strip(
    'SCATTER J J K WILD LANTERN JADE FAN K LOTUS LOTUS K FAN Q J TEN J TEN A TEN A LANTERN Q LANTERN TEN Q Q A WILD TEN JADE TEN FAN K A K LOTUS FAN Q A WILD WILD Q J LANTERN J',
  ),
  strip(
    'SCATTER FAN TEN JADE TEN Q LOTUS Q TEN K Q Q A LANTERN FAN Q K TEN FAN K TEN SCATTER LOTUS LANTERN J LOTUS A LANTERN TEN J Q LANTERN J FAN JADE A J A K LANTERN K A JADE',
  ),
];

export const JADE_GARDEN: StudioMachine = {
  id: 'jade-garden',
  name: 'Vườn Ngọc',
  theme: 'garden',
  machine: {
    rows: 3,
    symbols: SYMBOLS,
    reels: BASE_REELS,
    freeSpinReels: FREE_SPIN_REELS,
    lines: [],
    ways: { betUnits: 25 },
    freeSpins: { 3: 8, 4: 12, 5: 20 },
    freeSpinMultiplier: 1,
    maxFreeSpins: 60,
  },
  declaredRtp: 0.965,
  volatility: 'medium',
};
