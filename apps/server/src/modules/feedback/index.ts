import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { MemberGuards } from '../../platform/member-guard.ts';
import type { OutboxSender } from '../../platform/outbox.ts';
import { createCaptchaRepository, createCaptchaService } from '../verification/index.ts';
import { createFeedbackRepository } from './repository.ts';
import { feedbackRoutes } from './routes.ts';
import { createFeedbackService } from './service.ts';

export { feedbackFieldsOf } from './fields.ts';
export { feedbackImageResponse, sendFeedbackImage } from './image-reply.ts';
export type { FeedbackRow } from '../../db/schema/index.ts';
export {
  createFeedbackRepository,
  type FeedbackFilter,
  type FeedbackImageSummary,
  type FeedbackRepository,
} from './repository.ts';
export { feedbackRoutes } from './routes.ts';
export { createFeedbackService, type FeedbackService } from './service.ts';

/**
 * Feedback wired together. Its captcha check is the verification module's (the captchas of GET
 * /api/captcha live in the database, so this instance checks the same ones the register form uses).
 */
export function createFeedbackModule(deps: { db: Db; clock: Clock; outbox: OutboxSender }) {
  const { db, clock, outbox } = deps;
  const feedbackService = createFeedbackService({
    db,
    clock,
    feedbacks: createFeedbackRepository(db),
    captchaService: createCaptchaService({ db, captchas: createCaptchaRepository(db), outbox, clock }),
  });
  return {
    feedbackService,
    async register(api: FastifyInstance, guards: MemberGuards): Promise<void> {
      await api.register(feedbackRoutes, { feedbackService, guards });
    },
  };
}
