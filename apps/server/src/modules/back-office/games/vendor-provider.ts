import type { GameType } from '@kl/contracts/games';
import { DomainError } from '../../../platform/errors.ts';
import type { ProviderName } from '../../provider-wallet/index.ts';
import { playedInHouse } from './game-rows.ts';

/** The merchant's game providers (the provider wallet's `game_provider`, never a key). */
export type GameProviders = (merchantCode: string) => Promise<ProviderName[]>;

/**
 * Who plays a vendor's games (docs/decisions/027-provider-launch.md): where the site's own engine does (the
 * in-house vendor's slots, the lottery) no provider is named; everywhere else a provider registered for the
 * merchant is.
 */
export async function checkVendorProvider(
  providers: GameProviders,
  merchantCode: string,
  vendor: { vassalage: string; gameCategory: GameType },
  providerCode: string | null,
): Promise<void> {
  if (playedInHouse(vendor.vassalage, vendor.gameCategory)) {
    if (providerCode !== null) throw new DomainError('GAME_PROVIDER_NOT_USED', { providerCode });
    return;
  }
  if (providerCode === null) throw new DomainError('GAME_PROVIDER_REQUIRED');
  const known = await providers(merchantCode);
  if (!known.some((provider) => provider.code === providerCode)) {
    throw new DomainError('GAME_PROVIDER_UNKNOWN', { providerCode });
  }
}
