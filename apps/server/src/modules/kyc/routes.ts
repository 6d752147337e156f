import multipart from '@fastify/multipart';
import {
  KYC_MIN_AGE,
  KYC_PICTURE_MAX_BYTES,
  KYC_PICTURE_MAX_SIDE,
  KYC_PICTURES,
  kycPictureParams,
} from '@kl/contracts/kyc';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute, route } from '../../platform/api-route.ts';
import { currentMember, type MemberGuards } from '../../platform/member-guard.ts';
import { failureResponses } from '../../platform/responses.ts';
import { kycPictureResponse, sendKycPicture } from './picture-reply.ts';
import type { KycService } from './service.ts';
import { KYC_MULTIPART_LIMITS, readKycForm } from './upload.ts';

export interface KycRoutesOptions {
  kycService: KycService;
  guards: MemberGuards;
}

const MEMBER_FAILURES = ['NOT_LOGGED_IN', 'SESSION_EXPIRED', 'FEATURE_NOT_ENABLED'] as const;
const REAL_ONLY =
  'Real members only (types 0, 1, 2); others: 403 FEATURE_NOT_ENABLED { reason: actual_account_required }.';

/**
 * The member's identity check (docs/decisions/057-know-your-customer.md; the identity screen). Multipart
 * parsing is registered in this plugin only, so no other member call takes a form; its limits (a file of
 * 8 MB per picture, a few small fields) replace the 1 MB body limit here.
 */
export const kycRoutes: FastifyPluginAsyncZod<KycRoutesOptions> = async (app, options) => {
  const { kycService, guards } = options;
  const tags = ['kyc'];
  const security = [{ session: [] }];

  await app.register(multipart, { limits: KYC_MULTIPART_LIMITS, throwFileSizeLimit: true });

  route(app, 'memberKyc', {
    summary: 'The member’s identity check: its state, the latest submission, and what withdrawals need',
    description: `${REAL_ONLY} A submission waiting for its second approval reads as submitted.`,
    tags,
    security,
    failures: MEMBER_FAILURES,
    preHandler: guards.member,
    handler: (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return kycService.current(currentMember(request));
    },
  });

  // A multipart form (multipart/form-data): no body schema, readKycForm reads and checks the parts.
  route(app, 'memberSubmitKyc', {
    summary: 'Send an identity document: its kind, number, name and birth date, and its pictures',
    description:
      `${REAL_ONLY} multipart/form-data with the text parts \`documentKind\`, \`documentNumber\`, ` +
      `\`fullName\`, \`birthDate\` and the file parts ${KYC_PICTURES.map((name) => `\`${name}\``).join(', ')} ` +
      `(no back for a passport), each a PNG, JPEG or WebP of at most ${KYC_PICTURE_MAX_BYTES} bytes, read by ` +
      `its bytes, kept as WebP of at most ${KYC_PICTURE_MAX_SIDE} pixels a side. One waiting: 409 ` +
      'KYC_UNDER_REVIEW; approved already: 409 KYC_APPROVED; younger than ' +
      `${KYC_MIN_AGE} (Vietnam time): 400 KYC_UNDER_AGE; a name other than the registered payee name: 400 ` +
      'KYC_NAME_MISMATCH; a field or a picture missing or wrong: 400 INVALID_INPUT; too large: 413 ' +
      'IMAGE_TOO_LARGE; not a picture: 415 PICTURE_TYPE_NOT_ALLOWED; not decodable: 400 ' +
      'PICTURE_NOT_DECODABLE; each with `field`. Not multipart: 415 UNSUPPORTED_MEDIA_TYPE.',
    tags,
    security,
    failures: [
      ...MEMBER_FAILURES,
      'KYC_UNDER_REVIEW',
      'KYC_APPROVED',
      'KYC_UNDER_AGE',
      'KYC_NAME_MISMATCH',
      'IMAGE_TOO_LARGE',
      'PICTURE_TYPE_NOT_ALLOWED',
      'PICTURE_NOT_DECODABLE',
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    preHandler: guards.member,
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const form = await readKycForm(request);
      const answer = await kycService.submit(currentMember(request), form);
      request.log.info({ kycSubmissionId: answer.submission?.id }, 'identity document sent');
      return answer;
    },
  });

  // A picture, not an envelope: registered by hand (raw call of the API table), behind the member guard.
  app.route({
    ...apiRoute('memberKycPicture'),
    preHandler: guards.member,
    schema: {
      summary: 'A picture of the member’s own identity document (WebP)',
      description: `${REAL_ONLY} Another member’s submission, or a picture it does not have: 404 NOT_FOUND.`,
      tags,
      security,
      params: kycPictureParams,
      response: {
        200: kycPictureResponse,
        ...failureResponses(...MEMBER_FAILURES, 'NOT_FOUND'),
      },
    },
    handler: async (request, reply) => {
      const { submissionId, picture } = request.params;
      return sendKycPicture(reply, await kycService.picture(currentMember(request), submissionId, picture));
    },
  });
};
