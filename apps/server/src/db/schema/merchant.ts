import { HOME_SECTION_KEYS, type HomeSectionKey, type StatusInfo } from '@kl/contracts/status';
import { SESSION_IDLE_MINUTES } from '@kl/contracts/accounts';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A merchant: one branded site (product.md §3 "Status", §6 toggles). A deployment serves the merchant named by
 * MERCHANT_CODE. The Status info parts are jsonb documents checked by the contracts `statusInfo` schema
 * when read; the toggles and the operator's switches are plain columns so they can be queried and updated.
 */
/** Every home section, as a text array literal: the column's default and what its check allows. */
const ALL_HOME_SECTIONS = sql.raw(`'{${HOME_SECTION_KEYS.join(',')}}'::text[]`);

export const merchant = pgTable(
  'merchant',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),

    // Merchant toggles of product.md §6, named as the product description names them.
    USERNAMEREG3: boolean('usernamereg3').notNull().default(false),
    MOBILENUMREG3: boolean('mobilenumreg3').notNull().default(false),
    REGMOBVERF3: boolean('regmobverf3').notNull().default(false),
    MOBILENUMPASSREG3: boolean('mobilenumpassreg3').notNull().default(false),
    FACEBOOKLOGIN3: boolean('facebooklogin3').notNull().default(false),
    GOOGLELOGIN3: boolean('googlelogin3').notNull().default(false),
    MOBILEVERCODELOGIN3: boolean('mobilevercodelogin3').notNull().default(false),
    LOGINREQCAPTCHA3: boolean('loginreqcaptcha3').notNull().default(false),
    CBS3: boolean('cbs3').notNull().default(false),
    AGENTPOLICY3: boolean('agentpolicy3').notNull().default(false),
    showVipBenefit: boolean('show_vip_benefit').notNull().default(false),

    // Operator switches (PUT /api/ops/status).
    maintenance: boolean('maintenance').notNull().default(false),
    maintenanceUntil: timestamp('maintenance_until', { withTimezone: true, mode: 'date' }),
    /** ISO 3166 alpha-2 codes allowed to use the site; empty means every country. */
    allowedCountries: text('allowed_countries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),

    /**
     * The merchant's time zone (IANA name): the back office shows its dates and times in it and its reports
     * count its days (docs/back-office.md, "Site settings").
     */
    timeZone: text('time_zone').notNull().default('Asia/Ho_Chi_Minh'),

    /** The deepest agent level (docs/agents.md): 1 top agents only, 2 their sub-agents too… */
    agentMaxDepth: smallint('agent_max_depth').notNull().default(3),

    /** Minutes a member's session lasts without a call (SESSION_IDLE_MINUTES); a session keeps its own. */
    sessionIdleMinutes: integer('session_idle_minutes').notNull().default(10_080),

    // Status info of product.md §3.
    customerService: jsonb('customer_service').$type<StatusInfo['customerService']>().notNull(),
    domainRoute: jsonb('domain_route').$type<StatusInfo['domainRoute']>().notNull(),
    mobileTemplate: jsonb('mobile_template').$type<StatusInfo['mobileTemplate']>().notNull(),
    paths: jsonb('paths').$type<StatusInfo['paths']>().notNull(),
    register: jsonb('register').$type<StatusInfo['register']>().notNull(),
    resources: jsonb('resources').$type<StatusInfo['resources']>().notNull(),
    whitelabel: jsonb('whitelabel').$type<StatusInfo['whitelabel']>().notNull(),
    mainDomain: text('main_domain').notNull(),
    imageCDNs: jsonb('image_cdns').$type<StatusInfo['imageCDNs']>().notNull(),

    /**
     * The merchant's own logo, a picture uploaded in the back office (`uploaded_image`, place `logo`): the
     * status answer's white-label logo when set, the drawn logo otherwise (docs/back-office.md, "Site
     * settings"). No foreign key: `uploaded_image` already references this table, and a picture is never
     * deleted (docs/decisions/047-uploaded-pictures.md); the back office checks it when it is set.
     */
    logoImageId: text('logo_image_id'),

    /** The game sections of home, in order (HOME_SECTION_KEYS); one left out is not shown. */
    homeSections: text('home_sections')
      .array()
      .$type<HomeSectionKey[]>()
      .notNull()
      .default(ALL_HOME_SECTIONS),

    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    check('merchant_home_sections_check', sql`${table.homeSections} <@ ${ALL_HOME_SECTIONS}`),
    check(
      'merchant_session_idle_check',
      sql`${table.sessionIdleMinutes} between ${sql.raw(String(SESSION_IDLE_MINUTES.min))} and ${sql.raw(String(SESSION_IDLE_MINUTES.max))}`,
    ),
  ],
);

export type MerchantRow = typeof merchant.$inferSelect;
export type NewMerchantRow = typeof merchant.$inferInsert;
