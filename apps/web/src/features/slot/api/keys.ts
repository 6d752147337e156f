import type { SlotMode } from '@kl/contracts/slot';

/** Query keys of the slot; the member's own data starts with ['member'] (a logout drops it). */
export const SLOT_KEY = ['member', 'slot'] as const;
export const slotSessionKey = (mode: SlotMode, gameId: string | null) =>
  [...SLOT_KEY, 'session', mode, gameId ?? ''] as const;
export const SLOT_HISTORY_KEY = [...SLOT_KEY, 'history'] as const;
export const slotHistoryKey = (pageNo: number) => [...SLOT_HISTORY_KEY, pageNo] as const;
