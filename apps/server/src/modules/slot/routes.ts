import { successEnvelope } from '@kl/contracts/envelope';
import {
  slotClientSeedRequest,
  slotHistory,
  slotHistoryQuery,
  slotRotateResult,
  slotRound,
  slotRoundQuery,
  slotSeedState,
  slotSession,
  slotSessionQuery,
  slotSpinRequest,
  slotSpinResult,
} from '@kl/contracts/slot';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../platform/api-route.ts';
import { currentMember, type MemberGuards } from '../../platform/member-guard.ts';
import { failureResponses } from '../../platform/responses.ts';
import type { SlotService } from './service.ts';

export interface SlotRoutesOptions {
  slotService: SlotService;
  guards: MemberGuards;
}

const MEMBER_FAILURES = ['NOT_LOGGED_IN', 'SESSION_EXPIRED'] as const;

/**
 * The in-house slot's calls. The screen runs on our own origin and uses the member's session cookie; which
 * game was launched and whether in free play it learns by redeeming the launch token (games module).
 * Trial members play with their demo money, `mode=play` with play money; answers are never cached.
 */
export const slotRoutes: FastifyPluginAsyncZod<SlotRoutesOptions> = async (app, options) => {
  const { slotService: service, guards } = options;
  const tags = ['slot'];
  const security = [{ session: [] }];
  const ok = <T>(value: T) => ({ success: true as const, value });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.route({
    ...apiRoute('slotSession'),
    preHandler: guards.member,
    schema: {
      summary: 'The slot: machine (symbols, paytable, lines, bet levels), balance of the mode, seed state',
      description:
        'mode=wallet plays the wallet (demo money for a trial member), mode=play the free-play money. The seed ' +
        'state shows the SHA-256 of the active server seed, the client seed and the next nonce.',
      tags,
      security,
      querystring: slotSessionQuery,
      response: { 200: successEnvelope(slotSession), ...failureResponses(...MEMBER_FAILURES) },
    },
    handler: async (request) => ok(await service.session(currentMember(request), request.query)),
  });

  app.route({
    ...apiRoute('slotSpin'),
    preHandler: guards.member,
    schema: {
      summary:
        'Play one paid round (the total bet is lineBet × 20 lines); the same requestKey answers the same round',
      description:
        'One ledger game_round (stake and win together) for wallet money; play money never touches the ledger. ' +
        'Not enough money: 409 INSUFFICIENT_BALANCE, nothing stored. A member on a time-out or self-excluded: ' +
        '403 ACCOUNT_TIMED_OUT / ACCOUNT_SELF_EXCLUDED.',
      tags,
      security,
      body: slotSpinRequest,
      response: {
        200: successEnvelope(slotSpinResult),
        ...failureResponses(
          ...MEMBER_FAILURES,
          'INSUFFICIENT_BALANCE',
          'IDEMPOTENCY_CONFLICT',
          'ACCOUNT_TIMED_OUT',
          'ACCOUNT_SELF_EXCLUDED',
        ),
      },
    },
    handler: async (request) => ok(await service.spin(currentMember(request), request.body)),
  });

  app.route({
    ...apiRoute('slotClientSeed'),
    preHandler: guards.member,
    schema: {
      summary: 'Set the client seed (1–64 printable characters) used from the next round',
      tags,
      security,
      body: slotClientSeedRequest,
      response: { 200: successEnvelope(slotSeedState), ...failureResponses(...MEMBER_FAILURES) },
    },
    handler: async (request) =>
      ok(await service.setClientSeed(currentMember(request), request.body.clientSeed)),
  });

  app.route({
    ...apiRoute('slotRotateSeed'),
    preHandler: guards.member,
    schema: {
      summary: 'Reveal the active server seed and start a new one at nonce 0',
      tags,
      security,
      response: { 200: successEnvelope(slotRotateResult), ...failureResponses(...MEMBER_FAILURES) },
    },
    handler: async (request) => ok(await service.rotate(currentMember(request))),
  });

  app.route({
    ...apiRoute('slotHistory'),
    preHandler: guards.member,
    schema: {
      summary:
        "The member's rounds, newest first, with bet, win, seeds and nonce (server seed once revealed)",
      tags,
      security,
      querystring: slotHistoryQuery,
      response: { 200: successEnvelope(slotHistory), ...failureResponses(...MEMBER_FAILURES) },
    },
    handler: async (request) => ok(await service.history(currentMember(request), request.query)),
  });

  app.route({
    ...apiRoute('slotRound'),
    preHandler: guards.member,
    schema: {
      summary: 'One round of the member (to verify it)',
      tags,
      security,
      querystring: slotRoundQuery,
      response: { 200: successEnvelope(slotRound), ...failureResponses(...MEMBER_FAILURES, 'NOT_FOUND') },
    },
    handler: async (request) => ok(await service.round(currentMember(request), request.query.roundId)),
  });
};
