import { API } from '@kl/contracts/api-paths';
import {
  PROVIDER_CODE_HEADER,
  PROVIDER_SIGNATURE_HEADER,
  PROVIDER_TIMESTAMP_HEADER,
  type ProviderAction,
} from '@kl/contracts/provider-wallet';
import { and, eq } from 'drizzle-orm';
import { game } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { DEVELOPMENT_SECRET_KEYS } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import { createSecretBox, type SecretBox } from '../../platform/secret-box.ts';
import { createGameRecordsModule } from '../game-records/index.ts';
import { createWalletModule } from '../wallet/index.ts';
import { createProviderWalletModule, type ProviderWalletService } from './index.ts';
import { signProviderRequest } from '@kl/signing/provider';

/** Test helpers of the provider wallet: a registered provider, and requests signed as a provider signs them. */

export interface TestProvider {
  code: string;
  name: string;
  secret: string;
}

export const TEST_PROVIDER: TestProvider = {
  code: 'testprov',
  name: 'Test provider',
  secret: 'test-provider-secret-0123456789abcdef',
};

/** The call of each action. */
export const PROVIDER_CALLS = {
  authenticate: API.providerAuthenticate,
  balance: API.providerBalance,
  bet: API.providerBet,
  win: API.providerWin,
  rollback: API.providerRollback,
  'round-end': API.providerRoundEnd,
} as const satisfies Record<ProviderAction, { path: string }>;

/** How a test request departs from a well-signed one. */
export interface SigningOptions {
  /** Unix seconds as text; the clock's now by default. */
  timestamp?: string;
  /** Another key than the provider's. */
  secret?: string;
  /** Signed as another action than the one called. */
  signAs?: ProviderAction;
}

/** The request of a provider's call, signed (for `app.inject`, or `fetch` with `payload` as the body). */
export function signedRequest(
  provider: Pick<TestProvider, 'code' | 'secret'>,
  action: ProviderAction,
  body: unknown,
  now: Date,
  options: SigningOptions = {},
) {
  const rawBody = typeof body === 'string' ? body : JSON.stringify(body);
  const timestamp = options.timestamp ?? String(Math.floor(now.getTime() / 1000));
  const signature = signProviderRequest(
    options.secret ?? provider.secret,
    timestamp,
    options.signAs ?? action,
    rawBody,
  );
  return {
    method: 'POST' as const,
    url: PROVIDER_CALLS[action].path,
    headers: {
      'content-type': 'application/json',
      [PROVIDER_CODE_HEADER]: provider.code,
      [PROVIDER_TIMESTAMP_HEADER]: timestamp,
      [PROVIDER_SIGNATURE_HEADER]: signature,
    },
    payload: rawBody,
  };
}

/**
 * The provider wallet's service on the database (as the app builds it): tests issue launch tokens with
 * it, as the launch flow will. It seals and opens the providers' keys with `secrets`: by default the
 * development key a test app holds.
 */
export function testProviderWallet(
  db: Db,
  clock: Clock,
  secrets: SecretBox = createSecretBox(DEVELOPMENT_SECRET_KEYS),
): ProviderWalletService {
  const wallet = createWalletModule({ db, clock });
  const gameRecords = createGameRecordsModule({
    db,
    clock,
    onSettled: (round, tx) => wallet.wageringRules.roundSettled(round, tx),
  });
  const { providerWalletService } = createProviderWalletModule({
    db,
    clock,
    config: { merchantCode: 'kimlong' },
    secrets,
    ledgerService: wallet.ledgerService,
    gameRecordsService: gameRecords.gameRecordsService,
  });
  return providerWalletService;
}

/** `testProviderWallet`, with the provider registered (its key sealed under `secrets`). */
export async function registerTestProvider(
  db: Db,
  clock: Clock,
  provider: TestProvider = TEST_PROVIDER,
  secrets?: SecretBox,
): Promise<ProviderWalletService> {
  const providerWalletService = testProviderWallet(db, clock, secrets);
  await providerWalletService.saveProvider({ merchantCode: 'kimlong', ...provider });
  return providerWalletService;
}

/** A slot of the seeded catalogue that can be launched. */
export async function launchableGameId(db: Db): Promise<string> {
  const [row] = await db
    .select({ gameId: game.gameId })
    .from(game)
    .where(and(eq(game.merchantCode, 'kimlong'), eq(game.enabled, true), eq(game.gameType, 'RNG')))
    .orderBy(game.id)
    .limit(1);
  if (!row) throw new Error('the seeded catalogue has no game');
  return row.gameId;
}
