import { kycPictureParams } from '@kl/contracts/kyc';
import type { FastifyInstance } from 'fastify';
import { apiRoute, route } from '../../../platform/api-route.ts';
import { failureResponses } from '../../../platform/responses.ts';
import { kycPictureResponse, sendKycPicture } from '../../kyc/index.ts';
import { actorOf, type BackOfficeGuard, GUARD_FAILURES } from '../guard.ts';
import type { KycDesk } from './service.ts';

const FOUR_EYES_FAILURES = ['SECOND_APPROVER_REQUIRED', 'APPROVER_NOT_INDEPENDENT'] as const;

/** The identity-check queue (docs/back-office.md, "Identity checks"; docs/decisions/057-know-your-customer.md). */
export function registerKycRoutes(app: FastifyInstance, deps: { guard: BackOfficeGuard; kycDesk: KycDesk }) {
  const { guard, kycDesk } = deps;

  route(app, 'adminKycSubmissions', {
    ...guard.guarded('adminKycSubmissions'),
    summary: 'Identity documents sent by members, oldest first: those waiting unless a state is named',
    description: 'Narrowed by a member’s username (exact, any case).',
    failures: GUARD_FAILURES,
    handler: (request, reply) => {
      reply.header('cache-control', 'no-store');
      return kycDesk.list(request.query);
    },
  });

  route(app, 'adminKycSubmission', {
    ...guard.guarded('adminKycSubmission'),
    summary:
      'One identity document: what the member typed, age, whether the name matches, pictures, decisions',
    description: 'Unknown submission, or another merchant’s: 404.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND'],
    handler: (request, reply) => {
      reply.header('cache-control', 'no-store');
      return kycDesk.detail(request.params.submissionId);
    },
  });

  // A picture, not an envelope: registered by hand (raw call of the API table), behind the same guard.
  const pictureGuard = guard.guarded('adminKycPicture');
  app.route({
    ...apiRoute('adminKycPicture'),
    onRequest: pictureGuard.onRequest,
    schema: {
      summary: 'A picture of a member’s identity document (WebP, private, never stored by a cache)',
      description: 'Unknown submission or picture, or another merchant’s: 404.',
      tags: pictureGuard.tags,
      security: pictureGuard.security,
      params: kycPictureParams,
      response: {
        200: kycPictureResponse,
        ...failureResponses(...GUARD_FAILURES, 'NOT_FOUND'),
      },
    },
    handler: async (request, reply) => {
      const { submissionId, picture } = kycPictureParams.parse(request.params);
      return sendKycPicture(reply, await kycDesk.picture(submissionId, picture));
    },
  });

  route(app, 'adminApproveKyc', {
    ...guard.guarded('adminApproveKyc'),
    summary:
      'Approve an identity document: the first approval asks for a second, another operator’s confirms',
    description:
      'A submitted one becomes approval_requested (audited as kyc.first_approve); an approval_requested one ' +
      'becomes approved by another, independent operator (kyc.approve): the one who asked gets 409 ' +
      'SECOND_APPROVER_REQUIRED, one whose credentials either issued 409 APPROVER_NOT_INDEPENDENT. The age ' +
      'and the name are checked again (400 KYC_UNDER_AGE, KYC_NAME_MISMATCH); a member without a payee name ' +
      'gets the document’s. Decided already: 409 KYC_CLOSED. Unknown: 404.',
    failures: [
      ...GUARD_FAILURES,
      ...FOUR_EYES_FAILURES,
      'NOT_FOUND',
      'KYC_CLOSED',
      'KYC_UNDER_AGE',
      'KYC_NAME_MISMATCH',
    ],
    handler: (request) => kycDesk.approve(actorOf(request), request.params.submissionId),
  });

  route(app, 'adminRejectKyc', {
    ...guard.guarded('adminRejectKyc'),
    summary: 'Reject an identity document, at either step, with the reason the member reads',
    description: 'Audited as kyc.reject. Decided already: 409 KYC_CLOSED. Unknown: 404.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND', 'KYC_CLOSED'],
    handler: (request) => kycDesk.reject(actorOf(request), request.params.submissionId, request.body.reason),
  });
}
