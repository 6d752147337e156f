import { queryString } from '@kl/contracts/games';
import { providerReportCalls } from '@kl/contracts/provider-report';
import { fullPath } from '@kl/contracts/routes';
import {
  SANDBOX_HUB88_CODE,
  SANDBOX_HUB88_NAME,
  SANDBOX_HUB88_OPERATOR_ID,
  SANDBOX_HUB88_PATH,
  SANDBOX_PRAGMATIC_CODE,
  SANDBOX_PRAGMATIC_GAME_PATH,
  SANDBOX_PRAGMATIC_NAME,
  SANDBOX_PROVIDER_CODE,
  SANDBOX_PROVIDER_NAME,
  type SandboxLaunchKind,
  sandboxProviderCalls,
} from '@kl/contracts/sandbox-provider';
import type { FastifyInstance } from 'fastify';
import {
  DEVELOPMENT_HUB88_OPERATOR_PRIVATE_KEY,
  DEVELOPMENT_HUB88_PUBLIC_KEY,
} from '@kl/signing/development-hub88';
import { DEVELOPMENT_PRAGMATIC_SECRET_KEY } from '@kl/signing/development-pragmatic';
import type { Hub88Settings } from './hub88/keys.ts';
import type { PragmaticSettings } from './pragmatic/keys.ts';
import type { ProviderAdapter } from './launch.ts';
import type { ProviderRegistry } from './registry.ts';

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

/**
 * The sandbox provider reached through Hub88's protocol (docs/decisions/067-sandbox-hub88.md): it plays
 * the slots of the vendors given to it, each under its catalogue id as Hub88's game code.
 */
export const sandboxHub88Launch: Pick<ProviderAdapter, 'code' | 'gameOf'> = {
  code: SANDBOX_HUB88_CODE,
  gameOf: ({ gameId, gameType }) => (gameType === 'RNG' ? gameId : null),
};

/**
 * The sandbox provider reached through Pragmatic's protocol (docs/decisions/071-sandbox-pragmatic.md): it
 * plays the slots of the vendor given to it, each under its catalogue id as Pragmatic's symbol.
 */
export const sandboxPragmaticLaunch: Pick<ProviderAdapter, 'code' | 'gameOf'> = {
  code: SANDBOX_PRAGMATIC_CODE,
  gameOf: ({ gameId, gameType }) => (gameType === 'RNG' ? gameId : null),
};

/** Where the sandbox provider answers its daily report; undefined for another provider. */
export function sandboxProviderReportUrl(providerUrl: string, providerCode: string): string | undefined {
  if (providerCode !== SANDBOX_PROVIDER_CODE) return undefined;
  return `${providerUrl}${providerReportCalls.sandboxProviderReport.path}`;
}

/** Where the sandbox provider takes free rounds; undefined for another provider. */
export function sandboxProviderFreeRoundsUrl(providerUrl: string, providerCode: string): string | undefined {
  if (providerCode !== SANDBOX_PROVIDER_CODE) return undefined;
  return `${providerUrl}${sandboxProviderCalls.sandboxProviderGrantFreeRounds.path}`;
}

/** The sandbox Hub88's settings outside production: the development keys, its operator id. */
const SANDBOX_HUB88_SETTINGS: Hub88Settings = {
  hub88PublicKey: DEVELOPMENT_HUB88_PUBLIC_KEY,
  operatorPrivateKey: DEVELOPMENT_HUB88_OPERATOR_PRIVATE_KEY,
  operatorId: SANDBOX_HUB88_OPERATOR_ID,
};

/** The sandbox Pragmatic's settings outside production: the development secret key. */
const SANDBOX_PRAGMATIC_SETTINGS: PragmaticSettings = { secretKey: DEVELOPMENT_PRAGMATIC_SECRET_KEY };

/**
 * Registers the sandbox provider for the merchant from the environment when the app is ready
 * (`registerFromEnvironment`: added when absent; its key replaced by SANDBOX_PROVIDER_SECRET only while the
 * environment set it, never after an operator rotated it in the back office, which is warned about). A
 * database without the merchant yet (before `merchant:create`) still starts, with a warning. With `hub88`
 * (outside production) its Hub88 face too, `sandbox-hub88`, at its Hub88 address with the development keys;
 * with `pragmatic` (outside production) its Pragmatic face, `sandbox-pragmatic`, at its game server with the
 * development secret key (docs/decisions/071-sandbox-pragmatic.md).
 */
export function registerSandboxProvider(
  app: FastifyInstance,
  registry: Pick<ProviderRegistry, 'registerFromEnvironment'>,
  provider: { merchantCode: string; secret: string; apiUrl: string; hub88: boolean; pragmatic: boolean },
): void {
  app.addHook('onReady', async () => {
    try {
      const { hub88, pragmatic, ...native } = provider;
      // It answers its daily report at its own address (docs/decisions/070-provider-replay-window.md).
      const outcome = await registry.registerFromEnvironment({
        ...native,
        code: SANDBOX_PROVIDER_CODE,
        name: SANDBOX_PROVIDER_NAME,
        reportUrl: sandboxProviderReportUrl(native.apiUrl, SANDBOX_PROVIDER_CODE),
      });
      // Its Hub88 face, with the development keys: never in production.
      if (hub88)
        await registry.registerFromEnvironment({
          ...native,
          code: SANDBOX_HUB88_CODE,
          name: SANDBOX_HUB88_NAME,
          apiUrl: `${native.apiUrl}${SANDBOX_HUB88_PATH}`,
          protocol: { protocol: 'hub88', settings: JSON.stringify(SANDBOX_HUB88_SETTINGS) },
        });
      // Its Pragmatic face, with the development secret key: never in production.
      if (pragmatic)
        await registry.registerFromEnvironment({
          ...native,
          code: SANDBOX_PRAGMATIC_CODE,
          name: SANDBOX_PRAGMATIC_NAME,
          apiUrl: `${native.apiUrl}${SANDBOX_PRAGMATIC_GAME_PATH}`,
          protocol: { protocol: 'pragmatic', settings: JSON.stringify(SANDBOX_PRAGMATIC_SETTINGS) },
        });
      if (outcome === 'kept')
        app.log.warn(
          'the sandbox provider’s key was rotated in the back office: SANDBOX_PROVIDER_SECRET is not its key ' +
            'and is not taken. The sandboxes process must sign with the key the back office showed (its ' +
            'SANDBOX_PROVIDER_SECRET); give this process the same value to silence this warning',
        );
    } catch (error) {
      app.log.warn({ err: error }, 'the sandbox provider could not be registered at the wallet');
    }
  });
}
