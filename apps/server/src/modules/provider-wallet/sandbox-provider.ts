import { queryString } from '@kl/contracts/games';
import { providerReportCalls } from '@kl/contracts/provider-report';
import { fullPath } from '@kl/contracts/routes';
import {
  SANDBOX_PROVIDER_CODE,
  SANDBOX_PROVIDER_NAME,
  type SandboxLaunchKind,
} from '@kl/contracts/sandbox-provider';
import type { FastifyInstance } from 'fastify';
import type { ProviderAdapter } from './launch.ts';
import type { ProviderWalletService } from './service.ts';

/**
 * The site's side of the sandbox game provider (docs/decisions/026-sandbox-provider.md), which runs in the
 * sandboxes process (docs/decisions/036-sandboxes-process.md): what the site knows of it is what it would
 * know of any provider — its address (SANDBOX_PROVIDER_URL), its code and key, its games.
 */

const TABLE_GAMES: readonly (readonly [RegExp, SandboxLaunchKind])[] = [
  [/baccarat/i, 'baccarat'],
  [/xóc đĩa/i, 'xoc-dia'],
  [/bầu cua/i, 'bau-cua'],
];

/**
 * The sandbox provider's adapter: its client is served by this site at /m/provider/<kind>, and calls the
 * provider's API at `providerUrl()` (the launch's `api`). It plays slots, fishing, the sports and e-sports
 * books, cockfight, and of the live and card tables baccarat, xóc đĩa and bầu cua; the catalogue's other
 * live and card games (roulette, sic bo, tiến lên…) it does not offer.
 */
export const sandboxProviderAdapter = (providerUrl: () => string): ProviderAdapter => ({
  code: SANDBOX_PROVIDER_CODE,
  gameOf({ gameType, gameName }) {
    switch (gameType) {
      case 'RNG':
        return 'slot';
      case 'FISH':
        return 'fishing';
      case 'SPORTS':
        return 'sports';
      case 'ESPORTS':
        return 'esports';
      case 'COCKFIGHT':
        return 'cockfight';
      case 'LIVE':
      case 'PVP':
        return TABLE_GAMES.find(([name]) => name.test(gameName))?.[1] ?? null;
      default:
        return null;
    }
  },
  launchUrl({ token, game, language, lobbyPath }) {
    const query = queryString({ token, lang: language, lobby: lobbyPath, api: providerUrl() });
    return `${fullPath(`provider/${game}`)}?${query}`;
  },
});

/** Where the sandbox provider answers its daily report; undefined for another provider. */
export function sandboxProviderReportUrl(providerUrl: string, providerCode: string): string | undefined {
  if (providerCode !== SANDBOX_PROVIDER_CODE) return undefined;
  return `${providerUrl}${providerReportCalls.sandboxProviderReport.path}`;
}

/**
 * Saves the sandbox provider and its key for the merchant when the app is ready (an upsert); a database
 * without the merchant yet (before `merchant:create`) still starts, with a warning.
 */
export function registerSandboxProvider(
  app: FastifyInstance,
  service: Pick<ProviderWalletService, 'saveProvider'>,
  provider: { merchantCode: string; secret: string },
): void {
  app.addHook('onReady', async () => {
    await service
      .saveProvider({ ...provider, code: SANDBOX_PROVIDER_CODE, name: SANDBOX_PROVIDER_NAME })
      .catch((error: unknown) => {
        app.log.warn({ err: error }, 'the sandbox provider could not be registered at the wallet');
      });
  });
}
