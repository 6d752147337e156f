import { AVATAR_PREFIX } from '@kl/contracts/content';
import { z } from 'zod';
import { route } from '../../../platform/api-route.ts';
import { currentMember, type MemberGuards } from '../../../platform/member-guard.ts';
import { type ContentApp, PRIVATE, SESSION_FAILURES, sendSvg, svgResponses } from '../http.ts';
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

/** A head icon's picture (SVG, no envelope): the same for everyone, so open to visitors. */
export function avatarPictureRoute(app: ContentApp, { headIconService }: HeadIconRoutesOptions): void {
  app.route({
    method: 'GET',
    url: `${AVATAR_PREFIX}:file`,
    config: { moduleId: 'PROFPIC3', rateLimit: false },
    schema: {
      summary: 'A head icon (SVG)',
      tags: ['content'],
      params: z.object({ file: z.string().regex(/^[0-9]{1,2}\.svg$/) }),
      response: svgResponses,
    },
    handler: async (request, reply) =>
      sendSvg(request, reply, headIconService.avatar(Number(request.params.file.slice(0, -4)))),
  });
}
