import type { SlotMachine } from '../slot-engine.ts';
import { SLOT_LINES } from '../slot-machine.ts';
import { strip, type StudioMachine, threeFourFive } from '../slot-studio-types.ts';

/**
 * Cá Chép Hoá Rồng: 5×3, 10 lines, a wild (the dragon gate) that pays on its own up to 1,000 line bets, and
 * scatters (red envelopes on the river) that pay on the total bet and award 10, 15 or 20 free spins at three times, up to
 * 60 a round. Few paid spins (about one in four) and a large share of the return in the free spins and the
 * top pays: the studio's high-volatility machine. Its return is computed exactly from this data
 * (`machineRtp`): change a strip or a pay only with that figure and the simulation.
 */
const SYMBOLS = {
  WILD: { kind: 'wild', pays: { 3: 50, 4: 200, 5: 1000 } },
  SCATTER: { kind: 'scatter', pays: { 3: 3, 4: 10, 5: 100 } },
  CARP: threeFourFive(40, 150, 750),
  LILY: threeFourFive(25, 100, 400),
  PAGODA: threeFourFive(20, 60, 250),
  DRUM: threeFourFive(15, 50, 150),
  A: threeFourFive(6, 20, 80),
  K: threeFourFive(6, 15, 60),
  Q: threeFourFive(5, 12, 50),
  J: threeFourFive(4, 10, 40),
  TEN: threeFourFive(3, 8, 30),
} as const satisfies SlotMachine['symbols'];

const REELS = [
  strip(
    'SCATTER TEN A TEN LILY A LILY WILD K TEN Q DRUM J K A Q K PAGODA J Q SCATTER PAGODA LILY DRUM LILY Q J K CARP DRUM DRUM Q A WILD TEN DRUM J J TEN K',
  ),
  strip(
    'SCATTER K WILD Q A K TEN A CARP A K J CARP DRUM TEN J Q A LILY LILY TEN K Q K TEN DRUM A LILY WILD J TEN Q Q DRUM WILD PAGODA DRUM TEN J',
  ),
  strip(
    'SCATTER Q Q J DRUM TEN LILY K K Q A LILY TEN TEN K K J TEN J CARP SCATTER Q J A J CARP LILY PAGODA DRUM TEN LILY A DRUM Q A J Q A DRUM K WILD',
  ),
  strip(
    'SCATTER A J K PAGODA PAGODA Q K DRUM WILD TEN TEN Q K K A J Q SCATTER Q CARP WILD LILY K J A PAGODA J DRUM Q A J TEN LILY A DRUM',
  ),
  strip(
    'SCATTER Q J LILY LILY A K Q TEN WILD J WILD CARP TEN A TEN TEN PAGODA Q SCATTER CARP PAGODA Q K J J WILD K Q Q K LILY DRUM DRUM DRUM A TEN J',
  ),
];

export const GOLDEN_KOI: StudioMachine = {
  id: 'golden-koi',
  name: 'Cá Chép Hoá Rồng',
  theme: 'river',
  machine: {
    rows: 3,
    symbols: SYMBOLS,
    reels: REELS,
    freeSpinReels: REELS,
    // The first ten of Rồng Vàng's lines.
    lines: SLOT_LINES.slice(0, 10),
    freeSpins: { 3: 10, 4: 15, 5: 20 },
    freeSpinMultiplier: 3,
    maxFreeSpins: 60,
  },
  declaredRtp: 0.96,
  volatility: 'high',
};
