import type { AdminSiteLink, SaveSiteLinkRequest } from '@kl/contracts/admin/site-links';
import { isSiteLink } from '@kl/contracts/admin/site-settings';
import type { SiteLinkKind, SocialLinkType } from '@kl/contracts/content';
import { localizedRequestOf, localizedValuesOf, type LocalizedValues } from '../../shared/localized-text.ts';

/** The link form's values: the address empty when it links nowhere, the network for a social link. */
export interface SiteLinkValues {
  kind: SiteLinkKind;
  name: LocalizedValues;
  url?: string;
  socialType?: SocialLinkType | null;
  colour: string;
}

/** A new link of a kind: a social link starts as Facebook. */
export const newSiteLinkValues = (kind: SiteLinkKind): Partial<SiteLinkValues> => ({
  kind,
  url: '',
  socialType: kind === 'social' ? 'Facebook' : null,
  colour: '#1565c0',
});

export function valuesOf(link: AdminSiteLink): SiteLinkValues {
  return {
    kind: link.kind,
    name: localizedValuesOf(link.name),
    url: link.url ?? '',
    socialType: link.socialType,
    colour: link.colour,
  };
}

/** What is sent: English left empty falls back to Vietnamese; no address is null; a network only for social. */
export function requestOf(values: SiteLinkValues): SaveSiteLinkRequest {
  const url = values.url?.trim() ?? '';
  return {
    kind: values.kind,
    name: localizedRequestOf(values.name),
    url: url === '' ? null : url,
    socialType: values.kind === 'social' ? (values.socialType ?? null) : null,
    colour: values.colour,
  };
}

/** The server's check of an address (a path of the site or an https address). */
export const isLinkAddress = (value: string) => isSiteLink(value.trim());

/** The link's name in the back office's language (English falls back to Vietnamese). */
export const nameIn = (link: Pick<AdminSiteLink, 'name'>, language: string) =>
  language === 'en' && link.name.en ? link.name.en : link.name.vi;
