import { and, eq, sql } from 'drizzle-orm';
import { seedCatalogue } from '../../modules/games/index.ts';
import { seedLiveHosts } from '../../modules/chat/index.ts';
import { seedContent } from '../../modules/content/index.ts';
import { seedDepositChannels } from '../../modules/deposit/index.ts';
import { seedWithdrawalSettings } from '../../modules/withdrawal/index.ts';
import { DEFAULT_FIELD_RULES } from '../../modules/register/index.ts';
import { seedVipLevels } from '../../modules/vip/index.ts';
import { seedPromotions } from '../../modules/promotions/index.ts';
import { seedWageringSetting } from '../../modules/wallet/index.ts';
import { seedLottery } from '../../modules/lottery/index.ts';
import type { Db } from '../../platform/db.ts';
import { affiliateCode, member, merchant, registrationFieldRule } from '../schema/index.ts';
import { DEMO_AGENT, DEMO_AFFILIATE_CODE, KIMLONG } from './kimlong.ts';

export interface SeedResult {
  merchantsCreated: number;
  fieldRulesCreated: number;
  affiliateCodesCreated: number;
}

/**
 * Seeds the demo data. Idempotent: each step only inserts what is missing, so running it again changes
 * nothing and never overwrites what an operator changed since (maintenance, allowed countries, field
 * rules…).
 */
export async function runSeed(db: Db): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const created = await tx
      .insert(merchant)
      .values(KIMLONG)
      .onConflictDoNothing({ target: merchant.code })
      .returning({ code: merchant.code });

    const rules = await tx
      .insert(registrationFieldRule)
      .values(
        Object.entries(DEFAULT_FIELD_RULES).map(([field, rule]) => ({
          merchantCode: KIMLONG.code,
          field,
          ...rule,
        })),
      )
      .onConflictDoNothing()
      .returning({ field: registrationFieldRule.field });

    // The demo agent (no password: agents use the agent site) and its invitation code.
    await tx.insert(member).values(DEMO_AGENT).onConflictDoNothing();
    const [agent] = await tx
      .select({ id: member.id })
      .from(member)
      .where(
        and(
          eq(member.merchantCode, KIMLONG.code),
          sql`lower(${member.username}) = lower(${DEMO_AGENT.username})`,
        ),
      );
    const codes = await tx
      .insert(affiliateCode)
      .values({ merchantCode: KIMLONG.code, code: DEMO_AFFILIATE_CODE, agentMemberId: agent?.id ?? null })
      .onConflictDoNothing()
      .returning({ code: affiliateCode.code });

    // The game catalogue: vendors, games and the winner board (its own counts; see modules/games).
    await seedCatalogue(db, tx, KIMLONG.code);
    // Home content, help centre, links and the members' welcome messages (see modules/content).
    await seedContent(db, tx, KIMLONG.code);
    // The live hosts of the live model list (see modules/chat).
    await seedLiveHosts(db, tx, KIMLONG.code);
    // The deposit channels: bank transfer, VietQR, e-wallet (see modules/deposit).
    await seedDepositChannels(tx, KIMLONG.code);
    // The withdrawal limits: min, max and daily count (see modules/withdrawal).
    await seedWithdrawalSettings(tx, KIMLONG.code);
    // VIP levels and promotions; the REFERRAL promotion turns on the referrer field (see modules/promotions).
    await seedVipLevels(tx, KIMLONG.code);
    await seedPromotions(tx, KIMLONG.code);
    // Turnover rules: deposit play-through, category shares, referral qualification (see modules/wallet).
    await seedWageringSetting(tx, KIMLONG.code);
    // The in-house lottery: games and schedules, odds, catalogue links (after the catalogue; modules/lottery).
    await seedLottery(tx, KIMLONG.code);

    return {
      merchantsCreated: created.length,
      fieldRulesCreated: rules.length,
      affiliateCodesCreated: codes.length,
    };
  });
}
