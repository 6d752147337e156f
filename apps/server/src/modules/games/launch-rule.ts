import { IN_HOUSE_VENDOR } from '@kl/contracts/games';

/**
 * Which catalogue games open the in-house slot (with their own name and artwork): every game of the
 * in-house vendor (BGS; product.md §9 INHOUSE maps to RNG and vendor BGS), and every slot (RNG) or fishing (FISH)
 * game whose vendor is not configured (no provider connection: the in-house machine stands in for it).
 */
export function launchesInHouseSlot(target: {
  vassalage: string;
  gameType: string;
  vendorConfigured: boolean;
}): boolean {
  if (target.vassalage === IN_HOUSE_VENDOR) return target.gameType !== 'LOTT' && target.gameType !== 'ELOTT';
  return !target.vendorConfigured && (target.gameType === 'RNG' || target.gameType === 'FISH');
}
