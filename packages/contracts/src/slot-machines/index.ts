import type { StudioMachine } from '../slot-studio-types.ts';
import { GEM_CASCADE } from './gem-cascade.ts';
import { GOLDEN_DRAGON } from './golden-dragon.ts';
import { GOLDEN_KOI } from './golden-koi.ts';
import { JADE_GARDEN } from './jade-garden.ts';
import { LUCKY_SEVENS } from './lucky-sevens.ts';
import { TREASURE_SHIP } from './treasure-ship.ts';

/**
 * The in-house studio's machines, in the order the catalogue's in-house slot titles open them
 * (`SLOT_TITLE_MACHINE_IDS`). A machine's id is stored with every round played on it: never reuse one.
 */
export const STUDIO_MACHINES: readonly StudioMachine[] = [
  GOLDEN_DRAGON,
  LUCKY_SEVENS,
  JADE_GARDEN,
  GEM_CASCADE,
  GOLDEN_KOI,
  TREASURE_SHIP,
];

export const STUDIO_MACHINE_IDS: readonly string[] = STUDIO_MACHINES.map((studio) => studio.id);

const BY_ID = new Map(STUDIO_MACHINES.map((studio) => [studio.id, studio]));

/** The machine of this id, or undefined for an id the studio does not have. */
export const studioMachine = (id: string): StudioMachine | undefined => BY_ID.get(id);
