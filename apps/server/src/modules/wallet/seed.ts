import { wageringSetting } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';

/**
 * A merchant's default turnover rules, part of its configuration (`npm run merchant:create` and the demo
 * merchant write them; docs/decisions/018-demo-seed-and-merchant-setup.md): each deposit played through
 * once, a bonus without terms of its own (a VIP bonus) once; slots and fishing count in full, card games,
 * sports, e-sports and the lotteries half, live casino and cockfight a tenth (the usual shares of games
 * whose outcome a player can hedge or whose house edge is small); a referred friend qualifies after
 * 100,000 ₫ deposited and 100,000 ₫ staked. An operator's changes stay.
 */
export async function seedWageringSetting(
  tx: DbOrTx,
  merchantCode: string,
): Promise<{ settingCreated: boolean }> {
  const created = await tx
    .insert(wageringSetting)
    .values({
      merchantCode,
      depositTurnoverPercent: 100,
      bonusTurnoverMultiple: 1,
      contributions: {
        default: 100,
        categories: {
          RNG: 100,
          FISH: 100,
          PVP: 50,
          SPORTS: 50,
          ESPORTS: 50,
          LOTT: 50,
          ELOTT: 50,
          LIVE: 10,
          COCKFIGHT: 10,
        },
      },
      referralMinDeposit: 100_000n,
      referralMinTurnover: 100_000n,
    })
    .onConflictDoNothing()
    .returning({ code: wageringSetting.merchantCode });
  return { settingCreated: created.length > 0 };
}
