import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { actorOf, type BackOfficeGuard, GUARD_FAILURES } from '../guard.ts';
import type { InboxSender } from './service.ts';

/** Inbox messages: send, and what was sent (docs/back-office.md, "Chat, feedback and inbox"). */
export function registerInboxRoutes(
  app: FastifyInstance,
  deps: { guard: BackOfficeGuard; inboxSender: InboxSender },
): void {
  const { guard, inboxSender } = deps;

  route(app, 'adminSendInbox', {
    ...guard.guarded('adminSendInbox'),
    summary: 'Put a message in members’ inboxes: every member, the members of a VIP level, or one member',
    description:
      'Title and content in Vietnamese, and in English when given (else the Vietnamese is shown). Trial ' +
      'members have no inbox and get none. recipients: how many inboxes received it. A VIP level is the ' +
      'members’ level now (from their paid deposits); an unknown level: 400 INVALID_INPUT. An unknown ' +
      'username: 404; a trial member’s: 400. Audited as inbox.send.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND'],
    handler: (request) => inboxSender.send(actorOf(request), request.body),
  });

  route(app, 'adminInboxMessages', {
    ...guard.guarded('adminInboxMessages'),
    summary: 'What the back office put in members’ inboxes, newest first, with how many received each',
    failures: GUARD_FAILURES,
    handler: (request, reply) => {
      reply.header('cache-control', 'no-store');
      return inboxSender.list(request.query);
    },
  });
}
