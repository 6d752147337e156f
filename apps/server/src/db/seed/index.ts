import { seedCatalogue } from '../../modules/games/index.ts';
import { seedLiveHosts } from '../../modules/chat/index.ts';
import { seedContent } from '../../modules/content/index.ts';
import { seedDepositChannels } from '../../modules/deposit/index.ts';
import { seedVipLevels } from '../../modules/vip/index.ts';
import { seedPromotions } from '../../modules/promotions/index.ts';
import { seedLottery } from '../../modules/lottery/index.ts';
import type { Db } from '../../platform/db.ts';
import { seedDemoAgent } from './demo-agent.ts';
import { KIMLONG } from './kimlong.ts';
import { writeMerchantConfiguration } from './merchant.ts';

export {
  createMerchant,
  DEFAULT_MERCHANT_TOGGLES,
  type MerchantSetup,
  type MerchantSetupResult,
  merchantRow,
} from './merchant.ts';
export { DEMO_MERCHANT_CODE } from './kimlong.ts';

export interface SeedResult {
  merchantsCreated: number;
  fieldRulesCreated: number;
  affiliateCodesCreated: number;
}

/**
 * The demo seed: the demo merchant kimlong with its configuration (as `npm run merchant:create` writes a
 * real merchant's, see merchant.ts) and its demo data. It runs at start outside production (SEED_DEMO) and
 * with `npm run seed:demo`; never by default in production (docs/decisions/018-demo-seed-and-merchant-setup.md).
 * Idempotent: each step only inserts what is missing, so running it again changes nothing and never
 * overwrites what an operator changed since (maintenance, allowed countries, field rules…).
 *
 * Every step below is demo data, not configuration: an agent with its links and team, placeholder deposit
 * accounts, promotions and VIP bonuses that pay money, a generated catalogue, lotteries with their odds,
 * texts and live hosts written for the demo.
 */
export async function runSeed(db: Db): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    // Configuration: the merchant row, field rules, turnover rules, withdrawal limits.
    const configuration = await writeMerchantConfiguration(tx, KIMLONG);

    // The demo agent, its links and a couple of members of its team (see demo-agent.ts).
    const affiliateCodesCreated = await seedDemoAgent(tx);

    // The game catalogue: vendors, games and the winner board (its own counts; see modules/games).
    await seedCatalogue(db, tx, KIMLONG.code);
    // Home content, help centre, links and the members' welcome messages (see modules/content).
    await seedContent(db, tx, KIMLONG.code);
    // The live hosts of the live model list (see modules/chat).
    await seedLiveHosts(db, tx, KIMLONG.code);
    // The deposit channels: bank transfer, VietQR, e-wallet (see modules/deposit).
    await seedDepositChannels(db, tx, KIMLONG.code);
    // VIP levels and promotions; the REFERRAL promotion turns on the referrer field (see modules/promotions).
    await seedVipLevels(db, tx, KIMLONG.code);
    await seedPromotions(db, tx, KIMLONG.code);
    // The in-house lottery: games and schedules, odds, catalogue links (after the catalogue; modules/lottery).
    await seedLottery(tx, KIMLONG.code);

    return {
      merchantsCreated: configuration.merchantCreated ? 1 : 0,
      fieldRulesCreated: configuration.fieldRulesCreated,
      affiliateCodesCreated,
    };
  });
}
