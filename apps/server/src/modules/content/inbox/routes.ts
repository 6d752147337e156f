import { route } from '../../../platform/api-route.ts';
import { currentMember, type MemberGuards } from '../../../platform/member-guard.ts';
import { type ContentApp, langOf, PRIVATE, SESSION_FAILURES } from '../http.ts';
import type { InboxService } from './service.ts';

/** The inbox calls (product.md §2 /m/webEmail and /m/message(s), §6 trial members are refused). */

export interface InboxRoutesOptions {
  inboxService: InboxService;
  guards: MemberGuards;
}

const inboxFailures = [...SESSION_FAILURES, 'FEATURE_NOT_ENABLED'] as const;

export function inboxRoutes(app: ContentApp, { inboxService, guards }: InboxRoutesOptions): void {
  route(app, 'inboxList', {
    preHandler: guards.member,
    summary: 'The member’s inbox, newest first, paged, with the unread count',
    description:
      'Trial members are refused: 403 FEATURE_NOT_ENABLED { reason: free_reject }. A member gets the ' +
      'welcome messages on first use. pageSize at most 100.',
    tags: ['inbox'],
    security: [{ session: [] }],
    failures: [...inboxFailures],
    handler: async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return inboxService.inbox(currentMember(request), request.query, langOf(request, request.query.lang));
    },
  });

  route(app, 'inboxUnreadCount', {
    preHandler: guards.member,
    summary: 'Unread inbox messages of the member (product.md §6: none for trial members: offered false, 0)',
    tags: ['inbox'],
    security: [{ session: [] }],
    failures: [...SESSION_FAILURES],
    handler: async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return inboxService.inboxUnreadCount(currentMember(request));
    },
  });

  route(app, 'inboxMessage', {
    preHandler: guards.member,
    summary: 'Open one message of the member’s inbox; it becomes read',
    description: 'A message of another member, a deleted or an unknown one is 404 NOT_FOUND.',
    tags: ['inbox'],
    security: [{ session: [] }],
    failures: [...inboxFailures, 'NOT_FOUND'],
    handler: async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return inboxService.readInboxMessage(
        currentMember(request),
        request.query.messageId,
        langOf(request, request.query.lang),
      );
    },
  });

  route(app, 'deleteInboxMessage', {
    preHandler: guards.member,
    summary: 'Delete one message of the member’s inbox (deleting it again succeeds)',
    description: 'A message of another member or an unknown one is 404 NOT_FOUND.',
    tags: ['inbox'],
    security: [{ session: [] }],
    failures: [...inboxFailures, 'NOT_FOUND'],
    handler: async (request) =>
      inboxService.deleteInboxMessage(currentMember(request), request.body.messageId),
  });
}
