import type { launchRedeemResult } from '@kl/contracts/games';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { redeemLaunch } from '../api/redeem-launch.ts';

type LaunchRedeemResult = z.infer<typeof launchRedeemResult>;

/**
 * What /m/slotsCenter?launch=<token> opens: the launch token is redeemed once (it is single use), the
 * answer kept for this tab so that a reload plays the same game, and the token taken out of the address.
 */
export interface SlotLaunch {
  gameId: string | null;
  gameName: string | null;
  iconUrl: string | null;
  /** Launched in free play (a vendor tile, supportPlay 1): play money, not the wallet. */
  freePlay: boolean;
  /** The game may be played for free (its supportPlay); the in-house machine always may. */
  freePlayOffered: boolean;
}

export const SLOT_LAUNCH_KEY = 'slotLaunch';

export const launchOf = (answer: LaunchRedeemResult): SlotLaunch => ({
  gameId: answer.game?.gameId ?? null,
  gameName: answer.game?.gameName ?? null,
  iconUrl: answer.game?.iconUrl ?? null,
  freePlay: answer.supportPlay === 1,
  freePlayOffered: answer.game === null || answer.game.supportPlay === 1 || answer.supportPlay === 1,
});

export function readStoredLaunch(): SlotLaunch | null {
  try {
    const raw = window.sessionStorage.getItem(SLOT_LAUNCH_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<SlotLaunch>;
    return {
      gameId: typeof value.gameId === 'string' ? value.gameId : null,
      gameName: typeof value.gameName === 'string' ? value.gameName : null,
      iconUrl: typeof value.iconUrl === 'string' ? value.iconUrl : null,
      freePlay: value.freePlay === true,
      freePlayOffered: value.freePlayOffered !== false,
    };
  } catch {
    return null;
  }
}

export function storeLaunch(launch: SlotLaunch | null): void {
  try {
    if (launch) window.sessionStorage.setItem(SLOT_LAUNCH_KEY, JSON.stringify(launch));
    else window.sessionStorage.removeItem(SLOT_LAUNCH_KEY);
  } catch {
    // Without storage a reload plays the in-house machine: nothing else breaks.
  }
}

/** A token is redeemed once per page, even when a screen mounts twice. */
const redeemed = new Map<string, Promise<SlotLaunch>>();
function redeemOnce(token: string): Promise<SlotLaunch> {
  let found = redeemed.get(token);
  if (!found) {
    found = redeemLaunch(token).then(launchOf);
    redeemed.set(token, found);
  }
  return found;
}

export function useRedeemedLaunch(token: string | null) {
  return useQuery({
    queryKey: ['slot-launch', token ?? ''],
    queryFn: () => redeemOnce(token ?? ''),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
