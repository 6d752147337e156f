import { asc, eq } from 'drizzle-orm';
import { gameProvider } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';

/**
 * The merchant's game providers by code, name and switch, without their keys: what the back office offers
 * as the provider of a vendor (docs/back-office.md, "Game catalogue").
 */
export interface ProviderName {
  code: string;
  name: string;
  enabled: boolean;
}

export async function providerNames(db: DbOrTx, merchantCode: string): Promise<ProviderName[]> {
  return db
    .select({ code: gameProvider.code, name: gameProvider.name, enabled: gameProvider.enabled })
    .from(gameProvider)
    .where(eq(gameProvider.merchantCode, merchantCode))
    .orderBy(asc(gameProvider.code));
}
