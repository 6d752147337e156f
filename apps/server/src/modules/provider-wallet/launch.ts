import type { GameType } from '@kl/contracts/games';
import { DomainError } from '../../platform/errors.ts';
import type { ProviderWalletService } from './service.ts';

/**
 * Launching a catalogue game at the provider that plays it (docs/decisions/027-provider-launch.md). Each
 * provider the operator is connected to has an adapter: which of its games a catalogue game is, and the
 * address of its game client for a one-time launch token. The token is issued by the wallet
 * (`issueLaunchToken`); the provider exchanges it, once, for the session of its wallet calls.
 */

/** The catalogue game being launched. */
export interface CatalogueGame {
  gameId: string;
  gameType: GameType;
  gameName: string;
}

/** What a launch knows: the one-time token, the provider's game, the member and where they come back to. */
export interface LaunchContext {
  token: string;
  game: string;
  language: 'vi' | 'en';
  lobbyPath: string;
  merchantCode: string;
  memberId: string;
  /** The member's address, for providers that ask for it. */
  ip: string;
}

export interface ProviderAdapter {
  code: string;
  /** The provider's game for a catalogue game, or null when the provider does not offer it. */
  gameOf(game: Pick<CatalogueGame, 'gameId' | 'gameType' | 'gameName'>): string | null;
  /**
   * The address of the provider's game client, carrying the one-time token, the language and the lobby:
   * made here, or asked of the provider (Hub88's `game/url`), which may fail (503 GAME_PROVIDER_UNAVAILABLE).
   */
  launchUrl(launch: LaunchContext): string | Promise<string>;
}

export interface ProviderLaunchRequest {
  merchantCode: string;
  memberId: string;
  providerCode: string;
  game: CatalogueGame;
  language: 'vi' | 'en';
  /** Where the provider's client sends the player back to (a path under /m). */
  lobbyPath: string;
  ip: string;
}

/** The launches of the providers that have an adapter in this process. */
export function createProviderLaunch(deps: {
  wallet: Pick<ProviderWalletService, 'issueLaunchToken'>;
  adapters: readonly ProviderAdapter[];
}) {
  const adapters = new Map(deps.adapters.map((adapter) => [adapter.code, adapter]));
  return {
    /** Whether the provider is connected here and offers the game. */
    offers(providerCode: string, game: Pick<CatalogueGame, 'gameId' | 'gameType' | 'gameName'>): boolean {
      return adapters.get(providerCode)?.gameOf(game) != null;
    },

    /**
     * The provider's address for the member to play the game. A provider without an adapter here (not
     * connected, or its integration switched off) is 503 GAME_PROVIDER_UNAVAILABLE; a game it does not
     * offer is 404 GAME_NOT_OFFERED; a provider the back office disabled is 403 GAME_PROVIDER_DISABLED.
     */
    async launch(request: ProviderLaunchRequest): Promise<{ url: string; expiresAt: Date }> {
      const adapter = adapters.get(request.providerCode);
      if (!adapter)
        throw new DomainError('GAME_PROVIDER_UNAVAILABLE', {
          reason: 'PROVIDER_NOT_CONNECTED',
          provider: request.providerCode,
        });
      const game = adapter.gameOf(request.game);
      if (game === null)
        throw new DomainError('GAME_NOT_OFFERED', {
          provider: request.providerCode,
          gameId: request.game.gameId,
        });
      const { token, expiresAt } = await deps.wallet.issueLaunchToken({
        merchantCode: request.merchantCode,
        memberId: request.memberId,
        providerCode: request.providerCode,
        gameId: request.game.gameId,
      });
      const url = await adapter.launchUrl({
        token,
        game,
        language: request.language,
        lobbyPath: request.lobbyPath,
        merchantCode: request.merchantCode,
        memberId: request.memberId,
        ip: request.ip,
      });
      return { url, expiresAt };
    },
  };
}

export type ProviderLaunch = ReturnType<typeof createProviderLaunch>;
