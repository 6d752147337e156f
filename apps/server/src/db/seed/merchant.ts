import { API } from '@kl/contracts/api-paths';
import { MERCHANT_TOGGLES, type MerchantToggle } from '@kl/contracts/status';
import { seedMoneyControls } from '../../modules/back-office/index.ts';
import { DEFAULT_FIELD_RULES } from '../../modules/register/index.ts';
import { seedWageringSetting } from '../../modules/wallet/index.ts';
import { seedWithdrawalSettings } from '../../modules/withdrawal/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { merchant, type NewMerchantRow, registrationFieldRule } from '../schema/index.ts';

/**
 * A merchant's configuration: what the site cannot answer without, and nothing that pretends to be real
 * (docs/decisions/018-demo-seed-and-merchant-setup.md). `npm run merchant:create` writes it for a real
 * merchant; the demo seed writes the same for the demo merchant before its demo data.
 *
 * - the merchant row (product.md §3 status info and §6 toggles): name, domain, allowed countries,
 *   registration settings, the site's own paths;
 * - the registration field rules (product.md §5 fields);
 * - the turnover rules (wagering setting: deposit play-through, category shares, referral qualification);
 * - the withdrawal limits (minimum, maximum, requests a day);
 * - the money controls (daily credit limits, second approval of withdrawals, promotion limits,
 *   segregation of duties: docs/back-office.md, "Four eyes").
 *
 * Not here (demo only): members and agents, invitation codes, deposit channels (their accounts are where
 * members send money), promotions, VIP levels (they pay bonuses), the game catalogue and the lottery (games
 * and odds), home content, help texts, welcome messages and live hosts.
 */

export interface MerchantSetup {
  /** The merchant's key: what MERCHANT_CODE names (lowercase). */
  code: string;
  /** The site's name: the merchant's name and the white label's site name. */
  name: string;
  /** The main domain (no scheme): links the server sends, such as the password-reset e-mail's. */
  domain: string;
  /** ISO 3166 alpha-2 codes allowed to use the site; empty: every country. */
  allowedCountries: string[];
  /** The registration's dialing code, e.g. +84. */
  dialingCode: string;
  /** The toggles turned on (product.md §6); the others are off. */
  toggles: MerchantToggle[];
}

/**
 * The toggles of a new merchant: registration by username. Mobile registration, SMS login, social login,
 * live chat and the agent policy need services or operators the deployment must provide first; an
 * operator turns them on with `--enable`.
 */
export const DEFAULT_MERCHANT_TOGGLES: readonly MerchantToggle[] = ['USERNAMEREG3'];

/** The site's own screens (relative paths), as the demo merchant has them. */
const SITE_PATHS = {
  home: '/m/home',
  terms: '/m/help?tag=terms',
  privacy: '/m/help?tag=privacy',
  responsibleGaming: '/m/help?tag=responsible',
  aboutUs: '/m/help?tag=about',
};

/** The merchant row of a real merchant: only the site's own links, no social accounts or downloads. */
export function merchantRow(setup: MerchantSetup, now = new Date()): NewMerchantRow {
  const on = new Set(setup.toggles);
  const toggles = Object.fromEntries(MERCHANT_TOGGLES.map((name) => [name, on.has(name)])) as Record<
    MerchantToggle,
    boolean
  >;
  const logoUrl = API.logoPicture.path;
  return {
    code: setup.code,
    name: setup.name,
    ...toggles,
    maintenance: false,
    maintenanceUntil: null,
    allowedCountries: setup.allowedCountries,
    customerService: toggles.CBS3 ? [{ csType: 'LIVECHAT', path: '/m/service' }] : [],
    domainRoute: [],
    mobileTemplate: { mem_cen: 1, dep_func: 1 },
    paths: SITE_PATHS,
    register: {
      ageLimit: 18,
      defaultCountryDialingCode: setup.dialingCode,
      countryDialingCodes: [setup.dialingCode],
      termsCheckedByDefault: false,
    },
    resources: [
      { resourceType: 'LOGINLINK', url: '/m/login', labelNameEn: 'Log in' },
      { resourceType: 'LOGOLINK', url: logoUrl, labelNameEn: setup.name },
    ],
    whitelabel: {
      siteName: setup.name,
      logoUrl,
      themeColor: '#d4a017',
      copyrightYear: now.getUTCFullYear(),
    },
    mainDomain: setup.domain,
    imageCDNs: [],
  };
}

export interface MerchantSetupResult {
  merchantCreated: boolean;
  fieldRulesCreated: number;
  wageringSettingCreated: boolean;
  withdrawalSettingCreated: boolean;
  moneyControlsCreated: boolean;
}

/**
 * Writes a merchant's configuration inside the caller's transaction. Idempotent: each row is inserted only
 * when missing, so running it again changes nothing and never overwrites what an operator changed since.
 */
export async function writeMerchantConfiguration(
  tx: DbOrTx,
  row: NewMerchantRow,
): Promise<MerchantSetupResult> {
  const created = await tx
    .insert(merchant)
    .values(row)
    .onConflictDoNothing({ target: merchant.code })
    .returning({ code: merchant.code });
  const rules = await tx
    .insert(registrationFieldRule)
    .values(
      Object.entries(DEFAULT_FIELD_RULES).map(([field, rule]) => ({
        merchantCode: row.code,
        field,
        ...rule,
      })),
    )
    .onConflictDoNothing()
    .returning({ field: registrationFieldRule.field });
  const wagering = await seedWageringSetting(tx, row.code);
  const withdrawal = await seedWithdrawalSettings(tx, row.code);
  const controls = await seedMoneyControls(tx, row.code);
  return {
    merchantCreated: created.length > 0,
    fieldRulesCreated: rules.length,
    wageringSettingCreated: wagering.settingCreated,
    withdrawalSettingCreated: withdrawal.settingsCreated > 0,
    moneyControlsCreated: controls,
  };
}

/** What `npm run merchant:create` runs: a real merchant's configuration in one transaction. */
export async function createMerchant(db: Db, setup: MerchantSetup): Promise<MerchantSetupResult> {
  return db.transaction((tx) => writeMerchantConfiguration(tx, merchantRow(setup)));
}
