import { AVATAR_PREFIX, HEAD_ICON_COUNT, type HeadIcon } from '@kl/contracts/content';
import type { Clock } from '../../../platform/clock.ts';
import type { AuthenticatedMember } from '../../../platform/member-guard.ts';
import { pictureVersion } from '../../../platform/svg.ts';
import { renderAvatar } from '../artwork.ts';
import type { HeadIconRepository } from './repository.ts';

/**
 * Head icons (product.md §2 member centre and the side menu's member panel): the member's icon, chosen
 * or given by default, the icons to choose from, and their generated pictures (avatars).
 */

/**
 * Every avatar drawn once: they depend on nothing but their number. Pages show the WebP (the member centre's
 * avatar is its first screen's largest picture; an SVG `<img>` is drawn on the page's main thread,
 * docs/decisions/029-raster-art.md); the same address with `.svg` answers the drawing.
 */
const AVATARS = new Map<number, { svg: string; url: string }>(
  Array.from({ length: HEAD_ICON_COUNT }, (_, index) => {
    const headIconId = index + 1;
    const svg = renderAvatar(headIconId) ?? '';
    return [headIconId, { svg, url: `${AVATAR_PREFIX}${headIconId}.webp?v=${pictureVersion(svg)}` }] as const;
  }),
);
const HEAD_ICON_CHOICES = [...AVATARS.entries()].map(([id, avatar]) => ({ id, url: avatar.url }));

/** The head icon of a member who never picked one: the same one every time, spread over the set. */
export function defaultHeadIconOf(memberId: string): number {
  let hash = 0;
  for (const char of memberId) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
  return (hash % HEAD_ICON_COUNT) + 1;
}

export function createHeadIconService(deps: { headIcons: HeadIconRepository; clock: Clock }) {
  const { headIcons, clock } = deps;
  return {
    async headIcon(member: AuthenticatedMember): Promise<HeadIcon> {
      const chosen = await headIcons.headIconOf(member.memberId);
      const headIconId = chosen ?? defaultHeadIconOf(member.memberId);
      return {
        headIconId,
        url: AVATARS.get(headIconId)?.url ?? '',
        chosen: chosen !== undefined,
        choices: HEAD_ICON_CHOICES,
      };
    },

    async setHeadIcon(member: AuthenticatedMember, headIconId: number): Promise<HeadIcon> {
      await headIcons.setHeadIcon(member.memberId, headIconId, clock());
      return {
        headIconId,
        url: AVATARS.get(headIconId)?.url ?? '',
        chosen: true,
        choices: HEAD_ICON_CHOICES,
      };
    },

    avatar: (headIconId: number): string | undefined => AVATARS.get(headIconId)?.svg,
  };
}

export type HeadIconService = ReturnType<typeof createHeadIconService>;
