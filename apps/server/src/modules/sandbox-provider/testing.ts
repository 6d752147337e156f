import type { ApiEntry } from '@kl/contracts/api-call';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { createGameRecordsModule } from '../game-records/index.ts';
import { createProviderWalletModule } from '../provider-wallet/index.ts';
import { createWalletModule } from '../wallet/index.ts';

/** Test helpers of the sandbox provider: the operator's launch, and the game client's calls. */

/** The operator's provider wallet on the database, as the app builds it: tests issue launch tokens with it. */
export function operatorWallet(db: Db, clock: Clock) {
  const wallet = createWalletModule({ db, clock });
  const gameRecords = createGameRecordsModule({
    db,
    clock,
    onSettled: (round, tx) => wallet.wageringRules.roundSettled(round, tx),
  });
  return createProviderWalletModule({
    db,
    clock,
    config: { merchantCode: 'kimlong' },
    ledgerService: wallet.ledgerService,
    gameRecordsService: gameRecords.gameRecordsService,
  }).providerWalletService;
}

export interface ClientAnswer<T = Record<string, unknown>> {
  status: number;
  success: boolean;
  code?: string;
  value: T;
}

/** A call of the provider's game client with its session id as the bearer. */
export async function clientCall<T = Record<string, unknown>>(
  app: FastifyInstance,
  entry: ApiEntry,
  sessionId: string | undefined,
  options: { payload?: object; query?: Record<string, string> } = {},
): Promise<ClientAnswer<T>> {
  const response = await app.inject({
    method: entry.method,
    url: entry.path,
    headers: {
      'accept-language': 'en',
      ...(sessionId !== undefined && { authorization: `Bearer ${sessionId}` }),
    },
    ...(options.query && { query: options.query }),
    ...(options.payload && { payload: options.payload }),
  });
  const body = JSON.parse(response.body) as { success: boolean; code?: string; value: T };
  return {
    status: response.statusCode,
    success: body.success,
    ...(body.code !== undefined && { code: body.code }),
    value: body.value,
  };
}
