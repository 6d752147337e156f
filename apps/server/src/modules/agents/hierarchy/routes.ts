import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { currentMember, type MemberGuards } from '../../../platform/member-guard.ts';
import type { HierarchyService } from './service.ts';

const MEMBER_FAILURES = ['NOT_LOGGED_IN', 'SESSION_EXPIRED', 'FEATURE_NOT_ENABLED'] as const;
const AGENT_FAILURES = [...MEMBER_FAILURES, 'MEMBER_NOT_AGENT'] as const;

/** The site's origin as the caller reached it, for the links' addresses; left out when the Host looks odd. */
function siteOrigin(request: FastifyRequest): string | undefined {
  if (!/^[A-Za-z0-9.\-[\]:]{1,255}$/.test(request.host)) return undefined;
  return `${request.protocol === 'https' ? 'https' : 'http'}://${request.host}`;
}

/** The member's calls of the hierarchy (docs/agents.md): link visits, applications, the agent's links. */
export function registerHierarchyRoutes(
  api: FastifyInstance,
  deps: { guards: MemberGuards; hierarchyService: HierarchyService; merchantCode: string },
): void {
  const { guards, hierarchyService: service, merchantCode } = deps;
  const tags = ['agents'];
  const security = [{ session: [] }];
  const noStore = { 'cache-control': 'private, no-store' };

  route(api, 'agentLinkVisit', {
    summary: 'A visit of an agent link (the registration screen opened with `?agent=CODE`): counted',
    description:
      'No login. The code compares without regard to case. An unknown or disabled code, or one that is ' +
      'no agent’s link: 400 AGENT_LINK_INCORRECT. Answers the kind of the link and the agent, masked.',
    tags,
    failures: ['AGENT_LINK_INCORRECT'],
    handler: (request) => service.visitLink(merchantCode, request.body.code),
  });

  route(api, 'agentApplicationState', {
    summary: 'Whether the member is an agent, and its latest application to become one',
    tags,
    security,
    failures: [...MEMBER_FAILURES],
    preHandler: guards.realMember,
    handler: (request, reply) => {
      reply.headers(noStore);
      return service.applicationState(currentMember(request));
    },
  });

  route(api, 'agentApply', {
    summary: 'Apply to become an agent (an operator decides)',
    description:
      'Real members only (trial: 403 FEATURE_NOT_ENABLED { reason: free_reject }). An agent: 409 ' +
      'ALREADY_AGENT; an application waiting already: 409 AGENT_APPLICATION_PENDING.',
    tags,
    security,
    failures: [...MEMBER_FAILURES, 'ALREADY_AGENT', 'AGENT_APPLICATION_PENDING'],
    preHandler: guards.realMember,
    handler: (request) => service.apply(currentMember(request), request.body),
  });

  route(api, 'agentLinks', {
    summary: 'The agent’s registration links, newest first, with their addresses, QR codes and counts',
    description: 'Agents only: others 409 MEMBER_NOT_AGENT.',
    tags,
    security,
    failures: [...AGENT_FAILURES],
    preHandler: guards.realMember,
    handler: async (request, reply) => {
      reply.headers(noStore);
      return { links: await service.links(currentMember(request), siteOrigin(request)) };
    },
  });

  route(api, 'agentCreateLink', {
    summary: 'A new registration link of the agent (a member link, or a sub-agent link)',
    description:
      'Agents only (409 MEMBER_NOT_AGENT). A sub-agent link needs the agent’s level below the merchant’s ' +
      'depth: 409 AGENT_DEPTH_LIMIT. At most 50 active links: 400 INVALID_INPUT { reason: link_limit }.',
    tags,
    security,
    failures: [...AGENT_FAILURES, 'AGENT_DEPTH_LIMIT', 'INVALID_INPUT'],
    preHandler: guards.realMember,
    handler: (request) => service.createLink(currentMember(request), request.body, siteOrigin(request)),
  });

  route(api, 'agentUpdateLink', {
    summary: 'Turn one of the agent’s links off or on again',
    description:
      'Agents only (409 MEMBER_NOT_AGENT). A code that is not one of the agent’s links: 404 NOT_FOUND. ' +
      'A disabled link answers AGENT_LINK_INCORRECT to visitors and registers nobody.',
    tags,
    security,
    failures: [...AGENT_FAILURES, 'NOT_FOUND', 'INVALID_INPUT'],
    preHandler: guards.realMember,
    handler: (request) =>
      service.updateLink(
        currentMember(request),
        request.params.code,
        request.body.active,
        siteOrigin(request),
      ),
  });
}
