import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/api-route.ts';
import { currentMember, type MemberGuards } from '../../platform/member-guard.ts';
import type { SlotService } from './service.ts';

export interface SlotRoutesOptions {
  slotService: SlotService;
  guards: MemberGuards;
  merchantCode: string;
}

const MEMBER_FAILURES = ['NOT_LOGGED_IN', 'SESSION_EXPIRED'] as const;

/**
 * The in-house slot's calls. The screen runs on our own origin and uses the member's session cookie; which
 * game was launched and whether in free play it learns by redeeming the launch token (games module).
 * Trial members play with their demo money, `mode=play` with play money; answers are never cached.
 */
export const slotRoutes: FastifyPluginAsyncZod<SlotRoutesOptions> = async (app, options) => {
  const { slotService: service, guards, merchantCode } = options;
  const tags = ['slot'];
  const security = [{ session: [] }];
  // A member's answers are never cached; the public jackpot says for how long it may be.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
  });

  route(app, 'slotJackpot', {
    summary: "The site's progressive jackpot: the real-money pools of the jackpot machines, together",
    description:
      'Public (the home page shows it). Every stake on a jackpot machine adds its share; the round that wins ' +
      'a pool takes it and that pool starts again from nothing. Cached for 15 seconds.',
    tags,
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=15');
      return service.jackpot(merchantCode);
    },
  });

  route(app, 'slotSession', {
    summary: 'The slot: machine (symbols, paytable, lines, bet levels), balance of the mode, seed state',
    description:
      'mode=wallet plays the wallet (demo money for a trial member), mode=play the free-play money. The seed ' +
      'state shows the SHA-256 of the active server seed, the client seed and the next nonce.',
    tags,
    security,
    failures: [...MEMBER_FAILURES],
    preHandler: guards.member,
    handler: (request) => service.session(currentMember(request), request.query),
  });

  route(app, 'slotSpin', {
    summary:
      'Play one paid round (the total bet is lineBet × 20 lines); the same requestKey answers the same round',
    description:
      'One ledger game_round (stake and win together) for wallet money; play money never touches the ledger. ' +
      'Not enough money: 409 INSUFFICIENT_BALANCE, nothing stored. A member on a time-out or self-excluded: ' +
      '403 ACCOUNT_TIMED_OUT / ACCOUNT_SELF_EXCLUDED.',
    tags,
    security,
    failures: [
      ...MEMBER_FAILURES,
      'INSUFFICIENT_BALANCE',
      'IDEMPOTENCY_CONFLICT',
      'ACCOUNT_TIMED_OUT',
      'ACCOUNT_SELF_EXCLUDED',
    ],
    preHandler: guards.member,
    handler: (request) => service.spin(currentMember(request), request.body),
  });

  route(app, 'slotClientSeed', {
    summary: 'Set the client seed (1–64 printable characters) used from the next round',
    tags,
    security,
    failures: [...MEMBER_FAILURES],
    preHandler: guards.member,
    handler: (request) => service.setClientSeed(currentMember(request), request.body.clientSeed),
  });

  route(app, 'slotRotateSeed', {
    summary: 'Reveal the active server seed and start a new one at nonce 0',
    tags,
    security,
    failures: [...MEMBER_FAILURES],
    preHandler: guards.member,
    handler: (request) => service.rotate(currentMember(request)),
  });

  route(app, 'slotHistory', {
    summary: "The member's rounds, newest first, with bet, win, seeds and nonce (server seed once revealed)",
    tags,
    security,
    failures: [...MEMBER_FAILURES],
    preHandler: guards.member,
    handler: (request) => service.history(currentMember(request), request.query),
  });

  route(app, 'slotRound', {
    summary: 'One round of the member (to verify it)',
    tags,
    security,
    failures: [...MEMBER_FAILURES, 'NOT_FOUND'],
    preHandler: guards.member,
    handler: (request) => service.round(currentMember(request), request.query.roundId),
  });
};
