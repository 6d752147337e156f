import { IN_HOUSE_VENDOR } from '@kl/contracts/games';

/**
 * Which catalogue games open the in-house slot: the in-house vendor's slots (BGS RNG; product.md §9 INHOUSE
 * maps to RNG and vendor BGS). No other game does, not even the in-house vendor's card or fishing games:
 * a provider plays those (docs/decisions/027-provider-launch.md).
 */
export function launchesInHouseSlot(target: { vassalage: string; gameType: string }): boolean {
  return target.vassalage === IN_HOUSE_VENDOR && target.gameType === 'RNG';
}
