import {
  BANNER_ART_PREFIX,
  type Banner,
  type BannerGroup,
  type ContentLang,
  textIn,
} from '@kl/contracts/content';
import { imageUrlOf } from '@kl/contracts/images';
import type { ContentBannerRow } from '../../../db/schema/index.ts';
import type { Clock } from '../../../platform/clock.ts';
import { bannerArtVersion, renderBannerArt } from '../artwork.ts';
import type { BannerRepository } from './repository.ts';

/**
 * Banners (product.md §2 home carousel and popups, §3 banners by group): those shown now, each with the
 * address of its generated picture in the language of the answer.
 */

function linkTargetOf(linkUrl: string | null): Banner['linkTarget'] {
  if (linkUrl === null) return null;
  return linkUrl.startsWith('/') ? 'self' : 'blank';
}

function bannerArtInput(row: ContentBannerRow, lang: ContentLang) {
  return {
    groupName: row.groupName,
    title: textIn(row.title, lang),
    subtitle: textIn(row.subtitle, lang),
    motif: row.motif,
    colour: row.colour,
    accent: row.accent,
  };
}

/** The banner's picture: the uploaded one (the same in every language), else its drawing in `lang`. */
export function bannerPictureUrl(row: ContentBannerRow, lang: ContentLang): string {
  if (row.imageId !== null) return imageUrlOf(row.imageId);
  const version = bannerArtVersion(bannerArtInput(row, lang));
  return `${BANNER_ART_PREFIX}${row.id}-${lang}.webp?v=${version}`;
}

export function toBanner(row: ContentBannerRow, lang: ContentLang): Banner {
  return {
    id: row.id,
    groupName: row.groupName,
    title: textIn(row.title, lang),
    url: bannerPictureUrl(row, lang),
    linkUrl: row.linkUrl,
    linkTarget: linkTargetOf(row.linkUrl),
    sort: row.sortOrder,
  };
}

export function createBannerService(deps: { banners: BannerRepository; clock: Clock }) {
  const { banners, clock } = deps;
  return {
    async banners(merchantCode: string, groupName: BannerGroup | undefined, lang: ContentLang) {
      const rows = await banners.banners(merchantCode, groupName, clock());
      return { list: rows.map((row) => toBanner(row, lang)) };
    },

    /** The picture of a banner in a language; undefined when the merchant has no such banner. */
    async bannerArt(merchantCode: string, id: number, lang: ContentLang): Promise<string | undefined> {
      const row = await banners.findBanner(merchantCode, id);
      return row ? renderBannerArt(bannerArtInput(row, lang)) : undefined;
    },
  };
}

export type BannerService = ReturnType<typeof createBannerService>;
