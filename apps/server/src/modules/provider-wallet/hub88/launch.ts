import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import { DomainError } from '../../../platform/errors.ts';
import type { CatalogueGame, LaunchContext, ProviderAdapter } from '../launch.ts';
import { type Hub88OperatorApi, Hub88OperatorFailure, type Hub88Provider } from './operator-api.ts';

/**
 * Launching a game at a provider of Hub88's protocol (docs/decisions/067-sandbox-hub88.md): the address is
 * Hub88's answer to `game/url` for the member, the game and the launch token, which then names the session
 * in every wallet call (the adapter exchanges it on the first). Hub88 knows no site path: the lobby is sent
 * as the site's path, which the game resolves against the site's pages it opens in.
 */
export function hub88LaunchAdapter(deps: {
  code: string;
  /** Hub88's game code of a catalogue game, or null when the provider does not offer it. */
  gameOf: (game: Pick<CatalogueGame, 'gameId' | 'gameType' | 'gameName'>) => string | null;
  operatorApi: Hub88OperatorApi;
  /** The provider's row (its API address and keys), read at each launch: the back office may change it. */
  providerOf: (merchantCode: string) => Promise<Hub88Provider | undefined>;
}): ProviderAdapter {
  return {
    code: deps.code,
    gameOf: deps.gameOf,
    async launchUrl(launch: LaunchContext): Promise<string> {
      const provider = await deps.providerOf(launch.merchantCode);
      try {
        if (!provider) throw new Hub88OperatorFailure('NO_PROVIDER');
        return await deps.operatorApi.gameUrl(provider, {
          user: launch.memberId,
          token: launch.token,
          platform: 'GPL_MOBILE',
          lobby_url: launch.lobbyPath,
          lang: launch.language,
          ip: launch.ip,
          game_code: launch.game,
          currency: WALLET_CURRENCY,
          // The site keeps no country of a member (Hub88's `XX`: unknown).
          country: 'XX',
        });
      } catch (error) {
        if (!(error instanceof Hub88OperatorFailure)) throw error;
        throw new DomainError('GAME_PROVIDER_UNAVAILABLE', {
          reason: 'PROVIDER_LAUNCH_FAILED',
          provider: deps.code,
          failure: error.reason,
        });
      }
    },
  };
}
