import { IN_HOUSE_VENDOR } from '@kl/contracts/games';

/**
 * Which catalogue games open the in-house slot: the in-house vendor's (BGS; product.md §9 INHOUSE maps to
 * RNG and vendor BGS) other than its lottery. No other vendor's game does: providers play those
 * (docs/decisions/027-provider-launch.md).
 */
export function launchesInHouseSlot(target: { vassalage: string; gameType: string }): boolean {
  return target.vassalage === IN_HOUSE_VENDOR && target.gameType !== 'LOTT' && target.gameType !== 'ELOTT';
}
