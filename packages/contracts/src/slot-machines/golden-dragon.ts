import { SLOT_MACHINE, SLOT_TARGET_RTP } from '../slot-machine.ts';
import type { StudioMachine } from '../slot-studio-types.ts';

/** Rồng Vàng: 5×3, 20 lines, a wild, scatters that pay and award free spins paying double (`slot-machine.ts`). */
export const GOLDEN_DRAGON: StudioMachine = {
  id: 'golden-dragon',
  name: 'Rồng Vàng',
  theme: 'jade',
  machine: SLOT_MACHINE,
  declaredRtp: SLOT_TARGET_RTP,
  volatility: 'medium',
};
