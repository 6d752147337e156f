import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { MemberGuards } from '../../platform/member-guard.ts';
import { kycRoutes } from './routes.ts';
import { createKycService } from './service.ts';

export { KYC_WAITING_STATES, type KycSubmissionRow } from '../../db/schema/index.ts';
export { kycPictureResponse, sendKycPicture } from './picture-reply.ts';
export { createKycRepository, type KycQueueFilter, type KycRepository } from './repository.ts';
export {
  checkBirthDate,
  checkName,
  isWaiting,
  nameMatches,
  pictureRefsOf,
  registeredPayeeName,
} from './rules.ts';
export { createKycService, type KycService } from './service.ts';

/**
 * Know your customer wired together (docs/decisions/057-know-your-customer.md): `register` adds the member's
 * /api/member/kyc calls; withdrawals ask `kycService.stateOf`, and the back office reviews the submissions
 * through the repository and the rules exported here.
 */
export function createKycModule(deps: { db: Db; clock: Clock }) {
  const kycService = createKycService(deps);
  return {
    kycService,
    async register(api: FastifyInstance, guards: MemberGuards): Promise<void> {
      await api.register(kycRoutes, { kycService, guards });
    },
  };
}
