import { AVATAR_PREFIX } from '@kl/contracts/content';
import { z } from 'zod';
import { route } from '../../../platform/api-route.ts';
import { currentMember, type MemberGuards } from '../../../platform/member-guard.ts';
import {
  type ContentApp,
  PRIVATE,
  SESSION_FAILURES,
  pictureFile,
  pictureFileName,
  pictureResponses,
  sendPicture,
} from '../http.ts';
import type { HeadIconService } from './service.ts';

/** The head icon calls of a member and the avatar pictures (product.md §2 member centre, side menu). */

export interface HeadIconRoutesOptions {
  headIconService: HeadIconService;
  guards: MemberGuards;
}

export function headIconRoutes(app: ContentApp, { headIconService, guards }: HeadIconRoutesOptions): void {
  route(app, 'headIcon', {
    preHandler: guards.member,
    summary: 'The member’s head icon and the icons to choose from',
    tags: ['content'],
    security: [{ session: [] }],
    failures: [...SESSION_FAILURES],
    handler: async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return headIconService.headIcon(currentMember(request));
    },
  });

  route(app, 'setHeadIcon', {
    preHandler: guards.member,
    summary: 'Choose the member’s head icon (headIconId 1–12)',
    tags: ['content'],
    security: [{ session: [] }],
    failures: [...SESSION_FAILURES],
    handler: async (request) => headIconService.setHeadIcon(currentMember(request), request.body.headIconId),
  });
}

/**
 * The width a head icon is drawn at as WebP: the largest avatar shown is 64 CSS pixels, and phones draw up to
 * three device pixels for each.
 */
const AVATAR_WEBP_WIDTH = 192;

/** A head icon's picture (SVG or WebP, no envelope): the same for everyone, so open to visitors. */
export function avatarPictureRoute(app: ContentApp, { headIconService }: HeadIconRoutesOptions): void {
  app.route({
    method: 'GET',
    url: `${AVATAR_PREFIX}:file`,
    config: { moduleId: 'PROFPIC3', rateLimit: false },
    schema: {
      summary: `A head icon (SVG, or WebP ${AVATAR_WEBP_WIDTH} pixels wide)`,
      tags: ['content'],
      params: z.object({ file: z.string().regex(pictureFileName('[0-9]{1,2}')) }),
      response: pictureResponses,
    },
    handler: async (request, reply) => {
      const { name, format } = pictureFile(request.params.file);
      return sendPicture(request, reply, headIconService.avatar(Number(name)), {
        format,
        width: AVATAR_WEBP_WIDTH,
      });
    },
  });
}
