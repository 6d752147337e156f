import type { PragmaticLaunchQuery } from '@kl/contracts/provider-pragmatic';
import { fullPath } from '@kl/contracts/routes';
import { DomainError } from '../../../platform/errors.ts';
import type { CatalogueGame, LaunchContext, ProviderAdapter } from '../launch.ts';

/** What a Pragmatic launch reads of the provider's row: its game server's address. */
export interface PragmaticLaunchProvider {
  apiUrl: string | null;
  protocol: string;
}

/**
 * Launching a game at a provider of Pragmatic's protocol (docs/decisions/071-sandbox-pragmatic.md): the site
 * builds the address itself, the provider's game server (its API address, read at each launch: the back
 * office may change it) with the one-time launch token, the game's symbol, the language, the technology and
 * platform, and the site's cashier and lobby paths. The token then opens the game's session when Pragmatic's
 * `authenticate` exchanges it (docs/decisions/068-pragmatic-adapter.md). A provider without an address is
 * `503 GAME_PROVIDER_UNAVAILABLE`, as one not answering; the token issued for it expires unused.
 */
export function pragmaticLaunchAdapter(deps: {
  code: string;
  /** Pragmatic's symbol of a catalogue game, or null when the provider does not offer it. */
  gameOf: (game: Pick<CatalogueGame, 'gameId' | 'gameType' | 'gameName'>) => string | null;
  providerOf: (merchantCode: string) => Promise<PragmaticLaunchProvider | undefined>;
}): ProviderAdapter {
  return {
    code: deps.code,
    gameOf: deps.gameOf,
    async launchUrl(launch: LaunchContext): Promise<string> {
      const provider = await deps.providerOf(launch.merchantCode);
      if (provider?.protocol !== 'pragmatic' || !provider.apiUrl)
        throw new DomainError('GAME_PROVIDER_UNAVAILABLE', {
          reason: 'PROVIDER_LAUNCH_FAILED',
          provider: deps.code,
          failure: 'NO_GAME_SERVER',
        });
      const query: PragmaticLaunchQuery = {
        token: launch.token,
        symbol: launch.game,
        language: launch.language,
        technology: 'H5',
        // The site's pages are its phone site (/m).
        platform: 'MOBILE',
        // Pragmatic knows no site path: the game resolves them against the site's pages it opens in.
        cashierUrl: fullPath('voucherCenter'),
        lobbyUrl: launch.lobbyPath,
      };
      const url = new URL(provider.apiUrl);
      for (const [name, value] of Object.entries(query))
        if (value !== undefined) url.searchParams.set(name, value);
      return url.toString();
    },
  };
}
