import type { SlotMachine } from '../slot-engine.ts';
import { strip, type StudioMachine, threeFourFive } from '../slot-studio-types.ts';

/**
 * Đá Quý Rơi: 5×3 paying 243 ways, a wild on reels 2 to 4, and cascades: the symbols of every win leave, the
 * rest fall, each strip fills the gaps from above (no new draw), and the new grid pays again, the first fall at
 * 2×, the second at 3×, every later one at 5×, at most 12 falls a spin. No scatter, no free spins: the chains
 * of falls are the feature. The total bet is 25 line bets.
 *
 * A fall's grid depends on the wins before it, so the return has no closed form: it was computed by playing
 * every one of the 30^5 stop combinations (95.99%), and `npm run bench` measures it again by simulation. Change
 * a strip or a pay only with both.
 */
const SYMBOLS = {
  WILD: { kind: 'wild', pays: {} },
  RUBY: threeFourFive(5, 15, 50),
  SAPPHIRE: threeFourFive(4, 12, 30),
  EMERALD: threeFourFive(3, 8, 20),
  AMETHYST: threeFourFive(2, 4, 10),
  TOPAZ: threeFourFive(2, 4, 6),
  AMBER: threeFourFive(1, 2, 5),
} as const satisfies SlotMachine['symbols'];

const REELS = [
  strip(
    'RUBY TOPAZ AMBER SAPPHIRE AMBER EMERALD EMERALD TOPAZ TOPAZ TOPAZ AMBER RUBY AMETHYST RUBY EMERALD AMETHYST TOPAZ EMERALD SAPPHIRE AMETHYST SAPPHIRE AMBER AMBER AMETHYST AMBER AMETHYST EMERALD TOPAZ SAPPHIRE AMBER',
  ),
  strip(
    'AMETHYST AMBER EMERALD TOPAZ TOPAZ RUBY AMETHYST AMBER AMBER AMETHYST TOPAZ AMETHYST EMERALD WILD SAPPHIRE AMBER RUBY EMERALD SAPPHIRE AMBER AMBER EMERALD SAPPHIRE TOPAZ EMERALD AMETHYST AMETHYST SAPPHIRE RUBY TOPAZ',
  ),
  strip(
    'EMERALD SAPPHIRE AMETHYST SAPPHIRE AMBER EMERALD WILD AMETHYST AMETHYST RUBY SAPPHIRE TOPAZ AMBER RUBY TOPAZ TOPAZ RUBY AMBER TOPAZ AMBER EMERALD EMERALD TOPAZ AMBER TOPAZ TOPAZ AMETHYST AMBER AMETHYST SAPPHIRE',
  ),
  strip(
    'RUBY AMETHYST RUBY EMERALD SAPPHIRE WILD SAPPHIRE AMBER AMETHYST TOPAZ EMERALD AMETHYST SAPPHIRE RUBY SAPPHIRE TOPAZ TOPAZ EMERALD TOPAZ EMERALD AMBER AMBER TOPAZ EMERALD AMBER AMBER AMBER TOPAZ AMETHYST AMETHYST',
  ),
  strip(
    'SAPPHIRE AMBER TOPAZ EMERALD AMBER RUBY AMBER RUBY EMERALD AMETHYST AMBER SAPPHIRE TOPAZ SAPPHIRE AMETHYST SAPPHIRE AMBER EMERALD AMETHYST EMERALD TOPAZ AMETHYST TOPAZ EMERALD EMERALD RUBY AMETHYST TOPAZ AMBER AMBER',
  ),
];

export const GEM_CASCADE: StudioMachine = {
  id: 'gem-cascade',
  name: 'Đá Quý Rơi',
  theme: 'gems',
  machine: {
    rows: 3,
    symbols: SYMBOLS,
    reels: REELS,
    freeSpinReels: REELS,
    lines: [],
    ways: { betUnits: 25 },
    cascade: { multipliers: [1, 2, 3, 5], maxFalls: 12 },
    freeSpins: {},
    freeSpinMultiplier: 1,
    maxFreeSpins: 0,
  },
  declaredRtp: 0.96,
  volatility: 'medium',
};
