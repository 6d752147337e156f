import {
  type ContentLang,
  type FooterLinks,
  LINK_ART_PREFIX,
  type ServiceLinks,
  SOCIAL_LINK_TYPES,
  type SocialLink,
  textIn,
} from '@kl/contracts/content';
import type { SiteLinkRow } from '../../../db/schema/index.ts';
import type { MerchantService } from '../../merchant/index.ts';
import { logoArtVersion, renderLogoArt } from '../artwork.ts';
import type { LinkRepository } from './repository.ts';

/**
 * Service and footer links (product.md §2 footer and side menu, §3 customer-service links): the
 * customer service and resources of the status info with the social links, the footer's partner logos
 * and badges, and their generated pictures.
 */

/** Partner logos and badges read the same in every language: they are drawn from the English name. */
const logoTextOf = (row: SiteLinkRow) => row.name.en ?? row.name.vi;
const logoKindOf = (row: SiteLinkRow) => (row.kind === 'badge' ? ('badge' as const) : ('partner' as const));

/** The address of a partner logo's or badge's drawing (its version follows its name and colour). */
export const siteLinkPictureUrl = (row: SiteLinkRow) =>
  `${LINK_ART_PREFIX}${row.id}.svg?v=${logoArtVersion({ kind: logoKindOf(row), text: logoTextOf(row), colour: row.colour })}`;

function toSocialLink(row: SiteLinkRow, lang: ContentLang): SocialLink | undefined {
  const type = SOCIAL_LINK_TYPES.find((candidate) => candidate === row.socialType);
  if (!type || row.url === null) return undefined;
  return { type, url: row.url, label: textIn(row.name, lang) };
}

export function createLinkService(deps: { links: LinkRepository; merchantService: MerchantService }) {
  const { links, merchantService } = deps;
  return {
    /** Customer-service links and resources of the status info, with the social links. */
    async serviceLinks(merchantCode: string, lang: ContentLang): Promise<ServiceLinks> {
      const [merchant, rows] = await Promise.all([
        merchantService.getMerchant(merchantCode),
        links.siteLinks(merchantCode),
      ]);
      return {
        customerService: merchant.info.customerService,
        resources: merchant.info.resources,
        socialLinks: rows.flatMap((row) => toSocialLink(row, lang) ?? []),
      };
    },

    async footerLinks(merchantCode: string, lang: ContentLang): Promise<FooterLinks> {
      const rows = await links.siteLinks(merchantCode);
      const logo = (row: SiteLinkRow) => ({
        id: row.id,
        name: textIn(row.name, lang),
        logoUrl: siteLinkPictureUrl(row),
        url: row.url,
      });
      return {
        partners: rows.filter((row) => row.kind === 'partner').map(logo),
        badges: rows.filter((row) => row.kind === 'badge').map(logo),
        socialLinks: rows.flatMap((row) => toSocialLink(row, lang) ?? []),
      };
    },

    async linkArt(merchantCode: string, id: number): Promise<string | undefined> {
      const row = await links.findSiteLink(merchantCode, id);
      if (!row || row.kind === 'social') return undefined;
      return renderLogoArt({ kind: logoKindOf(row), text: logoTextOf(row), colour: row.colour });
    },
  };
}

export type LinkService = ReturnType<typeof createLinkService>;
