import type { Db } from '../../platform/db.ts';
import { merchant } from '../schema/index.ts';
import { KIMLONG } from './kimlong.ts';

export interface SeedResult {
  merchantsCreated: number;
}

/**
 * Seeds the demo data. Idempotent: each step only inserts what is missing, so running it again changes
 * nothing and never overwrites what an operator changed since (maintenance, allowed countries…).
 */
export async function runSeed(db: Db): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const created = await tx
      .insert(merchant)
      .values(KIMLONG)
      .onConflictDoNothing({ target: merchant.code })
      .returning({ code: merchant.code });
    return { merchantsCreated: created.length };
  });
}
