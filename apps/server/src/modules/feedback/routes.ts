import multipart from '@fastify/multipart';
import {
  FEEDBACK_COMMENT_MAX,
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_CONTENT_MIN,
  FEEDBACK_IMAGE_PREFIX,
  FEEDBACK_MAX_IMAGES,
} from '@kl/contracts/feedback';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { route } from '../../platform/api-route.ts';
import { currentMember, type MemberGuards } from '../../platform/member-guard.ts';
import { failureResponses } from '../../platform/responses.ts';
import { feedbackImageResponse, sendFeedbackImage } from './image-reply.ts';
import type { FeedbackService } from './service.ts';
import { FEEDBACK_MULTIPART_LIMITS, readFeedbackForm } from './upload.ts';

export interface FeedbackRoutesOptions {
  feedbackService: FeedbackService;
  guards: MemberGuards;
}

const MEMBER_FAILURES = ['NOT_LOGGED_IN', 'SESSION_EXPIRED', 'FEATURE_NOT_ENABLED'] as const;

/**
 * Feedback calls. Multipart parsing is registered in this plugin only, so no other route accepts
 * multipart bodies; its limits (3 files of 5 MB, a few small fields) replace the 1 MB body limit here.
 */
export const feedbackRoutes: FastifyPluginAsyncZod<FeedbackRoutesOptions> = async (app, options) => {
  const { feedbackService, guards } = options;
  const tags = ['feedback'];

  await app.register(multipart, { limits: FEEDBACK_MULTIPART_LIMITS, throwFileSizeLimit: true });

  // A multipart form (multipart/form-data): no body schema, readFeedbackForm reads and checks the parts.
  route(app, 'submitFeedback', {
    summary:
      'Send feedback (product.md §3, §5): type, content, captcha and up to 3 PNG/JPG images with comments',
    description:
      'multipart/form-data with the text parts `type` (1 deposit, 2 withdraw, 3 game, 4 service, 6 apply ' +
      `agent, 0 other), \`content\` (${FEEDBACK_CONTENT_MIN}–${FEEDBACK_CONTENT_MAX} characters), \`captchaId\`, ` +
      `\`captcha\`; up to ${FEEDBACK_MAX_IMAGES} file parts \`image\` and, in the same order, text parts ` +
      `\`comment\` (at most ${FEEDBACK_COMMENT_MAX} characters each). An image's type is read from its bytes. ` +
      'Refusals: FEEDBACK_CONTENT_LENGTH, IMAGE_TYPE_NOT_ALLOWED (415), IMAGE_TOO_LARGE (413, over 5 MB), ' +
      'TOO_MANY_IMAGES, WRONG_VERIFICATION_CODE (captcha), UNSUPPORTED_MEDIA_TYPE (not multipart), ' +
      'TOO_MANY_REQUESTS (20 a day). Trial members: FEATURE_NOT_ENABLED { reason: free_reject }.',
    tags,
    security: [{ session: [] }],
    failures: [
      ...MEMBER_FAILURES,
      'FEEDBACK_CONTENT_LENGTH',
      'IMAGE_TYPE_NOT_ALLOWED',
      'IMAGE_TOO_LARGE',
      'TOO_MANY_IMAGES',
      'WRONG_VERIFICATION_CODE',
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    preHandler: guards.realMember,
    handler: async (request) => {
      const form = await readFeedbackForm(request);
      const item = await feedbackService.submit(currentMember(request), form);
      request.log.info({ feedbackId: item.id, images: item.images.length }, 'feedback sent');
      return item;
    },
  });

  route(app, 'feedbackList', {
    summary: "The member's own feedback, newest first, with links to its images",
    tags,
    security: [{ session: [] }],
    failures: MEMBER_FAILURES,
    preHandler: guards.realMember,
    handler: (request) => feedbackService.list(currentMember(request), request.query),
  });

  app.route({
    method: 'GET',
    url: `${FEEDBACK_IMAGE_PREFIX}:imageId`,
    config: { moduleId: 'FEEDBACK3' },
    preHandler: guards.member,
    schema: {
      summary: 'An image of the member’s own feedback (PNG or JPEG, as detected on upload)',
      description: 'Only its owner gets it; any other caller gets 404 NOT_FOUND.',
      tags,
      security: [{ session: [] }],
      params: z.object({ imageId: z.string().max(64) }),
      response: {
        200: feedbackImageResponse,
        ...failureResponses('NOT_LOGGED_IN', 'SESSION_EXPIRED', 'NOT_FOUND'),
      },
    },
    handler: async (request, reply) => {
      const image = await feedbackService.image(currentMember(request), request.params.imageId);
      return sendFeedbackImage(reply, image, 'private, max-age=86400');
    },
  });
};
