import { feedbackImageParams } from '@kl/contracts/admin/feedback';
import { FEEDBACK_REPLY_MAX } from '@kl/contracts/feedback';
import type { FastifyInstance } from 'fastify';
import { apiRoute, route } from '../../../platform/api-route.ts';
import { failureResponses } from '../../../platform/responses.ts';
import { feedbackImageResponse, sendFeedbackImage } from '../../feedback/index.ts';
import { actorOf, type BackOfficeGuard, GUARD_FAILURES } from '../guard.ts';
import type { FeedbackDesk } from './service.ts';

/** Members' feedback: list, one with its images, reply, status, and the images (docs/back-office.md). */
export function registerFeedbackRoutes(
  app: FastifyInstance,
  deps: { guard: BackOfficeGuard; feedbackDesk: FeedbackDesk },
): void {
  const { guard, feedbackDesk } = deps;

  route(app, 'adminFeedbackList', {
    ...guard.guarded('adminFeedbackList'),
    summary: 'Members’ feedback, newest first, by status, type, member and period',
    description:
      'member: the sender’s username from its start, in any case; from (inclusive) and to (exclusive) on the ' +
      'sending time.',
    failures: GUARD_FAILURES,
    handler: (request, reply) => {
      reply.header('cache-control', 'no-store');
      return feedbackDesk.list(request.query);
    },
  });

  route(app, 'adminFeedback', {
    ...guard.guarded('adminFeedback'),
    summary: 'One feedback with its reply and its images (each image at its url, for operators only)',
    description: 'Unknown feedback, or another merchant’s: 404.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND'],
    handler: (request, reply) => {
      reply.header('cache-control', 'no-store');
      return feedbackDesk.detail(request.params.feedbackId);
    },
  });

  route(app, 'adminReplyFeedback', {
    ...guard.guarded('adminReplyFeedback'),
    summary: 'Answer a feedback: the member sees the reply under it; the status becomes resolved unless told',
    description:
      `At most ${FEEDBACK_REPLY_MAX} characters; a new reply replaces the last. Audited as feedback.reply ` +
      'with the status and reply before and after. Unknown feedback: 404.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND'],
    handler: (request) => feedbackDesk.reply(actorOf(request), request.params.feedbackId, request.body),
  });

  route(app, 'adminSetFeedbackStatus', {
    ...guard.guarded('adminSetFeedbackStatus'),
    summary: 'Set a feedback’s status: new, in progress or resolved',
    description:
      'The same status changes nothing; a change is audited as feedback.status. Unknown feedback: 404.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND'],
    handler: (request) =>
      feedbackDesk.setStatus(actorOf(request), request.params.feedbackId, request.body.status),
  });

  // An image, not an envelope: registered by hand (raw call of the API table), behind the same guard.
  const imageGuard = guard.guarded('adminFeedbackImage');
  app.route({
    ...apiRoute('adminFeedbackImage'),
    onRequest: imageGuard.onRequest,
    schema: {
      summary: 'An image of a member’s feedback (PNG or JPEG, as detected on upload)',
      description: 'Unknown image, or another merchant’s: 404.',
      tags: imageGuard.tags,
      security: imageGuard.security,
      params: feedbackImageParams,
      response: {
        200: feedbackImageResponse,
        ...failureResponses(...GUARD_FAILURES, 'NOT_FOUND'),
      },
    },
    handler: async (request, reply) => {
      const { imageId } = feedbackImageParams.parse(request.params);
      const image = await feedbackDesk.image(imageId);
      return sendFeedbackImage(reply, image, 'private, no-store', { 'x-content-type-options': 'nosniff' });
    },
  });
}
