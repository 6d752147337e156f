import { MEMBER_EVENTS } from '@kl/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiRoute } from '../../platform/api-route.ts';
import type { MemberFeed } from '../../platform/member-feed.ts';
import { currentMember, type MemberGuards } from '../../platform/member-guard.ts';
import { failureResponses } from '../../platform/responses.ts';
import { type LedgerService, walletAnswer } from '../wallet/index.ts';
import { sendMemberStream } from './stream.ts';

/**
 * The member's event stream, GET /api/member/events (docs/decisions/041-live-updates.md): `balance`
 * events with the member's wallet (as GET /api/wallet answers it) when the stream opens and whenever the
 * member feed (platform/member-feed.ts) says the balance changed, in any API process on the database.
 * Real and trial members alike (a trial member's play money).
 */
export function createMemberEventsModule(deps: {
  feed: MemberFeed;
  ledgerService: Pick<LedgerService, 'balanceOf'>;
}) {
  const { feed, ledgerService } = deps;

  const walletOf = async (merchantCode: string, memberId: string) =>
    walletAnswer(await ledgerService.balanceOf({ merchantCode, memberId }));

  return {
    async register(api: FastifyInstance, guards: MemberGuards): Promise<void> {
      // Hearing the other processes from the start; the open streams end first, then the listener.
      await feed.start();
      api.addHook('preClose', async () => feed.closeAll());
      api.addHook('onClose', () => feed.close());
      api.route({
        ...apiRoute('memberEvents'),
        preHandler: guards.member,
        compress: false,
        schema: {
          summary: "The member's live events (server-sent events): the balance when it changes",
          description:
            '`balance` events whose data is the wallet (as GET /api/wallet): one when the stream opens, one ' +
            'after each change the member did not make here (a game provider, a deposit credited, a lottery ' +
            'payout, an operator). A comment every 25 s keeps the stream open; the browser reconnects after 3 s.',
          tags: ['wallet'],
          security: [{ session: [] }],
          response: {
            200: {
              description: 'Server-sent events: `balance` events',
              content: { 'text/event-stream': { schema: z.string() } },
            },
            ...failureResponses('NOT_LOGGED_IN', 'SESSION_EXPIRED'),
          },
        },
        handler: async (request, reply) => {
          const member = currentMember(request);
          return sendMemberStream(request, reply, {
            memberId: member.memberId,
            feed,
            event: MEMBER_EVENTS.balance,
            read: () => walletOf(member.merchantCode, member.memberId),
          });
        },
      });
    },
  };
}
