import {
  domainName,
  isSiteLink,
  SETTINGS_FIELDS,
  type SettingsField,
  type SiteSettings,
  type SiteSettingsBody,
  themeColor,
  isTimeZone,
} from '@kl/contracts/admin/site-settings';
import { HOME_SECTION_KEYS, type HomeSectionKey, type MerchantToggles } from '@kl/contracts/status';

/**
 * The site settings form's values and what is sent (docs/back-office.md, "Site settings"): the field
 * rules keyed by field (one row of switches each), the rest as the call has it.
 */
export interface SettingsValues {
  siteName: string;
  mainDomain: string;
  mirrorDomains: string[];
  themeColor: string;
  timeZone: string;
  /** The uploaded logo; null for the drawn one. */
  logoImageId: string | null;
  toggles: MerchantToggles;
  agentMaxDepth: number;
  sessionIdleMinutes: number;
  fieldRules: Record<SettingsField, { enabled: boolean; required: boolean }>;
  customerService: SiteSettings['customerService'];
  resources: SiteSettings['resources'];
  /** Every home section in its place, shown or not (those not shown after, in their default order). */
  homeSections: HomeSectionRow[];
}

export interface HomeSectionRow {
  key: HomeSectionKey;
  shown: boolean;
}

/** The sections shown, in their order, then the others in their default order. */
export function homeSectionRows(shown: readonly HomeSectionKey[]): HomeSectionRow[] {
  return [
    ...shown.map((key) => ({ key, shown: true })),
    ...HOME_SECTION_KEYS.filter((key) => !shown.includes(key)).map((key) => ({ key, shown: false })),
  ];
}

export function valuesOf(settings: SiteSettings): SettingsValues {
  return {
    ...settings.general,
    toggles: settings.toggles,
    agentMaxDepth: settings.agentMaxDepth,
    sessionIdleMinutes: settings.sessionIdleMinutes,
    fieldRules: Object.fromEntries(
      settings.fieldRules.map((rule) => [rule.field, { enabled: rule.enabled, required: rule.required }]),
    ) as SettingsValues['fieldRules'],
    customerService: settings.customerService,
    resources: settings.resources,
    homeSections: homeSectionRows(settings.homeSections),
  };
}

/** The body of the call: a field not shown is not required. */
export function requestOf(values: SettingsValues): SiteSettingsBody {
  return {
    general: {
      siteName: values.siteName.trim(),
      mainDomain: values.mainDomain.trim().toLowerCase(),
      mirrorDomains: values.mirrorDomains.map((domain) => domain.trim().toLowerCase()),
      themeColor: values.themeColor,
      timeZone: values.timeZone,
      logoImageId: values.logoImageId ?? null,
    },
    toggles: values.toggles,
    agentMaxDepth: values.agentMaxDepth,
    sessionIdleMinutes: values.sessionIdleMinutes,
    fieldRules: SETTINGS_FIELDS.map((field) => {
      const rule = values.fieldRules[field];
      const enabled = rule.enabled;
      return { field, enabled, required: enabled && rule.required };
    }),
    customerService: values.customerService,
    resources: values.resources.map((resource) => ({
      ...resource,
      labelNameEn: resource.labelNameEn.trim(),
    })),
    homeSections: values.homeSections.filter((row) => row.shown).map((row) => row.key),
  };
}

/** The checks of the form, the same as the server's (contracts admin/site-settings.ts). */
export const checks = {
  domain: (value: string) => domainName.safeParse(value.trim().toLowerCase()).success,
  link: isSiteLink,
  colour: (value: string) => themeColor.safeParse(value).success,
  timeZone: isTimeZone,
};

/** Every IANA zone this browser knows, with the merchant's own first when the list lacks it. */
export function timeZoneNames(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}
