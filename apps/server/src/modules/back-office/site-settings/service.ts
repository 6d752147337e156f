import {
  SETTINGS_FIELDS,
  type SettingsField,
  type SiteSettings,
  type siteSettingsBody,
} from '@kl/contracts/admin/site-settings';
import { MERCHANT_TOGGLES, type MerchantToggle } from '@kl/contracts/status';
import type { z } from 'zod';
import type { ChangeFeed } from '../../../platform/change-feed.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';
import { DomainError } from '../../../platform/errors.ts';
import {
  MerchantNotFoundError,
  type MerchantRepository,
  type MerchantRow,
  type MerchantSettingsChange,
} from '../../merchant/index.ts';
import type { ImageStore } from '../../images/index.ts';
import type { RegisterRepository } from '../../register/index.ts';
import type { AuditActor, AuditLog } from '../audit.ts';
import { checkPicture } from '../images/picture-check.ts';

/**
 * The merchant's settings in the back office (docs/back-office.md, "Site settings"): the general part
 * (name, domains, theme colour, time zone, the uploaded logo), the toggles of product.md §6 and the agent depth, the rules of
 * the optional registration fields, the customer-service and resource links of the status info and home's
 * game sections (which, in what order). A
 * change writes only what differs, with one `merchant.update` audit row of those fields before and after,
 * in one transaction that publishes the 'status' topic: the merchant kept in memory (status, registration,
 * login) is read again at once.
 */

export type SiteSettingsChange = z.output<typeof siteSettingsBody>;
type Settings = Omit<SiteSettings, 'merchantCode' | 'smsAvailable' | 'socialLoginAvailable' | 'updatedAt'>;

/** The toggles that send SMS codes: registration's verification and sign-in by SMS code. */
const SMS_TOGGLES: readonly MerchantToggle[] = ['REGMOBVERF3', 'MOBILEVERCODELOGIN3'];
/** The toggles that sign in through Firebase (Google, Facebook). */
const SOCIAL_TOGGLES: readonly MerchantToggle[] = ['FACEBOOKLOGIN3', 'GOOGLELOGIN3'];

type FieldRules = SiteSettings['fieldRules'];

function fieldRulesOf(stored: readonly { field: string; enabled: boolean; required: boolean }[]): FieldRules {
  const byField = new Map(stored.map((rule) => [rule.field, rule]));
  // A field without a stored rule is not shown (register/rules.ts); required only when shown.
  return SETTINGS_FIELDS.map((field) => {
    const rule = byField.get(field);
    const enabled = rule?.enabled ?? false;
    return { field, enabled, required: enabled && (rule?.required ?? false) };
  });
}

function settingsOf(row: MerchantRow, fieldRules: FieldRules): Settings {
  return {
    general: {
      siteName: row.whitelabel.siteName,
      mainDomain: row.mainDomain,
      mirrorDomains: row.domainRoute,
      themeColor: row.whitelabel.themeColor,
      timeZone: row.timeZone,
      logoImageId: row.logoImageId,
    },
    toggles: Object.fromEntries(MERCHANT_TOGGLES.map((name) => [name, row[name]])) as Settings['toggles'],
    agentMaxDepth: row.agentMaxDepth,
    sessionIdleMinutes: row.sessionIdleMinutes,
    fieldRules,
    customerService: row.customerService,
    resources: row.resources,
    homeSections: row.homeSections,
  };
}

/** Each setting as one audited value: `general.timeZone`, `toggles.CBS3`, `fieldRules.email`, `resources`… */
function flatten(settings: Settings): Record<string, unknown> {
  return {
    ...Object.fromEntries(Object.entries(settings.general).map(([key, value]) => [`general.${key}`, value])),
    ...Object.fromEntries(Object.entries(settings.toggles).map(([key, value]) => [`toggles.${key}`, value])),
    agentMaxDepth: settings.agentMaxDepth,
    sessionIdleMinutes: settings.sessionIdleMinutes,
    ...Object.fromEntries(
      settings.fieldRules.map((rule) => [
        `fieldRules.${rule.field}`,
        { enabled: rule.enabled, required: rule.required },
      ]),
    ),
    customerService: settings.customerService,
    resources: settings.resources,
    homeSections: settings.homeSections,
  };
}

/** JSON with the keys of every object sorted (jsonb does not keep the order they were written in). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

/** The settings that differ, as they were and as they are to be. */
function differences(before: Settings, after: Settings) {
  const was = flatten(before);
  const next = flatten(after);
  const changed = Object.keys(next).filter((key) => canonical(was[key]) !== canonical(next[key]));
  return {
    changed: new Set(changed),
    before: Object.fromEntries(changed.map((key) => [key, was[key]])),
    after: Object.fromEntries(changed.map((key) => [key, next[key]])),
  };
}

/** Sorted field rules in the order of SETTINGS_FIELDS (what the body gives, in any order). */
function orderedRules(rules: FieldRules): FieldRules {
  const byField = new Map(rules.map((rule) => [rule.field, rule]));
  return SETTINGS_FIELDS.map(
    (field: SettingsField) => byField.get(field) ?? { field, enabled: false, required: false },
  );
}

export function createSiteSettingsAdmin(deps: {
  db: Db;
  merchantCode: string;
  merchants: MerchantRepository;
  registerRepository: Pick<RegisterRepository, 'fieldRules' | 'setFieldRules'>;
  audit: AuditLog;
  /** The uploaded pictures: a logo must be one of them, made for the logo's place. */
  imageStore: Pick<ImageStore, 'size'>;
  changes?: Pick<ChangeFeed, 'publish'> | undefined;
  /** Whether SMS codes reach someone (a sender configured, or the development outbox readable). */
  smsAvailable: boolean;
  /** Whether Google / Facebook sign-in is configured (the whole Firebase web configuration). */
  socialLoginAvailable: boolean;
}) {
  const { db, merchantCode, merchants, registerRepository, audit, changes } = deps;

  async function load(tx?: DbOrTx): Promise<{ row: MerchantRow; settings: Settings }> {
    const row = tx ? await merchants.lockByCode(merchantCode, tx) : await merchants.findByCode(merchantCode);
    if (!row) throw new MerchantNotFoundError(merchantCode);
    const rules = fieldRulesOf(await registerRepository.fieldRules(merchantCode, tx));
    return { row, settings: settingsOf(row, rules) };
  }

  const answerOf = (row: MerchantRow, settings: Settings): SiteSettings => ({
    ...settings,
    merchantCode,
    smsAvailable: deps.smsAvailable,
    socialLoginAvailable: deps.socialLoginAvailable,
    updatedAt: row.updatedAt.toISOString(),
  });

  /** A toggle switched on that needs what the deployment does not have is refused (409). */
  function checkNeeds(before: Settings, after: Settings): void {
    const switchedOn = (name: MerchantToggle) => after.toggles[name] && !before.toggles[name];
    const sms = SMS_TOGGLES.find(switchedOn);
    if (sms && !deps.smsAvailable) throw new DomainError('SMS_NOT_CONFIGURED', { field: `toggles.${sms}` });
    const social = SOCIAL_TOGGLES.find(switchedOn);
    if (social && !deps.socialLoginAvailable) {
      throw new DomainError('SOCIAL_LOGIN_NOT_CONFIGURED', { field: `toggles.${social}` });
    }
  }

  return {
    async get(): Promise<SiteSettings> {
      const { row, settings } = await load();
      return answerOf(row, settings);
    },

    /** The settings as they are to be; only what changed is written and audited. */
    async set(actor: AuditActor, request: SiteSettingsChange): Promise<SiteSettings> {
      const answer = await db.transaction(async (tx) => {
        const { row, settings: before } = await load(tx);
        const after: Settings = {
          general: { ...request.general, mirrorDomains: [...new Set(request.general.mirrorDomains)] },
          toggles: request.toggles,
          agentMaxDepth: request.agentMaxDepth,
          sessionIdleMinutes: request.sessionIdleMinutes,
          fieldRules: orderedRules(request.fieldRules),
          customerService: request.customerService,
          resources: request.resources,
          homeSections: request.homeSections,
        };
        const diff = differences(before, after);
        if (diff.changed.size === 0) return { answer: answerOf(row, before), changed: false };
        checkNeeds(before, after);
        if (diff.changed.has('general.logoImageId')) {
          const imageId = after.general.logoImageId;
          await checkPicture(deps.imageStore, { imageId, place: 'logo', field: 'general.logoImageId' }, tx);
        }

        const has = (key: string) => diff.changed.has(key);
        const change: MerchantSettingsChange = {};
        if (has('general.siteName')) change.name = after.general.siteName;
        if (has('general.siteName') || has('general.themeColor')) {
          change.whitelabel = {
            ...row.whitelabel,
            siteName: after.general.siteName,
            themeColor: after.general.themeColor,
          };
        }
        if (has('general.mainDomain')) change.mainDomain = after.general.mainDomain;
        if (has('general.mirrorDomains')) change.domainRoute = after.general.mirrorDomains;
        if (has('general.timeZone')) change.timeZone = after.general.timeZone;
        if (has('general.logoImageId')) change.logoImageId = after.general.logoImageId;
        for (const name of MERCHANT_TOGGLES) {
          if (has(`toggles.${name}`)) change[name] = after.toggles[name];
        }
        if (has('agentMaxDepth')) change.agentMaxDepth = after.agentMaxDepth;
        if (has('sessionIdleMinutes')) change.sessionIdleMinutes = after.sessionIdleMinutes;
        if (has('customerService')) change.customerService = after.customerService;
        if (has('resources')) change.resources = after.resources;
        if (has('homeSections')) change.homeSections = after.homeSections;

        const updated = await merchants.updateSettings(merchantCode, change, tx);
        if (!updated) throw new MerchantNotFoundError(merchantCode);
        await registerRepository.setFieldRules(
          merchantCode,
          after.fieldRules.filter((rule) => has(`fieldRules.${rule.field}`)),
          tx,
        );
        await audit.record(
          actor,
          {
            action: 'merchant.update',
            targetType: 'merchant',
            targetId: merchantCode,
            before: diff.before,
            after: diff.after,
          },
          tx,
        );
        // Within the transaction, the other processes hear it at commit.
        await changes?.publish('status', tx);
        return { answer: answerOf(updated, after), changed: true };
      });
      // Read again between the first drop and the commit, the old merchant is dropped once more now.
      if (answer.changed) await changes?.publish('status');
      return answer.answer;
    },
  };
}

export type SiteSettingsAdmin = ReturnType<typeof createSiteSettingsAdmin>;
