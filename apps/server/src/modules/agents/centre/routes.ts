import { teamReportCsvQuery } from '@kl/contracts/agents';
import { localeFromAcceptLanguage } from '@kl/contracts/i18n';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiRoute, route } from '../../../platform/api-route.ts';
import { currentMember, type MemberGuards } from '../../../platform/member-guard.ts';
import { failureResponses } from '../../../platform/responses.ts';
import type { AgentCentre } from './service.ts';

/**
 * The agent centre's calls (docs/agents.md, "Agent centre"): the logged-in agent's own info, KPI,
 * downline, team reports and announcements. A member who is not an agent gets 409 MEMBER_NOT_AGENT (a
 * trial member 403 FEATURE_NOT_ENABLED { reason: free_reject }, as on the other agent calls).
 */

const tags = ['agents'];
const security = [{ session: [] }];
const AGENT_FAILURES = [
  'NOT_LOGGED_IN',
  'SESSION_EXPIRED',
  'FEATURE_NOT_ENABLED',
  'MEMBER_NOT_AGENT',
] as const;
const PRIVATE = 'private, no-store';

export function registerCentreRoutes(
  api: FastifyInstance,
  deps: { guards: MemberGuards; agentCentre: AgentCentre; merchantCode: string },
): void {
  const { guards, agentCentre } = deps;
  const common = { tags, security, failures: AGENT_FAILURES, preHandler: guards.realMember } as const;

  route(api, 'agentInfo', {
    ...common,
    summary:
      'The agent centre: the agent itself (AGEINFO3): level, parent (masked), depth allowed, team sizes',
    handler: (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return agentCentre.info(currentMember(request));
    },
  });

  route(api, 'agentKpi', {
    ...common,
    summary: 'KPI of the direct downline and of the whole team, side by side, for a range of GMT+8 dates',
    description:
      'range today, yesterday, this_week (from Monday), this_month or custom (from and to, at most 92 days). ' +
      'Real money only; commission is what the settlements paid for periods starting in the range.',
    handler: (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return agentCentre.kpi(currentMember(request), request.query);
    },
  });

  route(api, 'agentDownline', {
    ...common,
    summary: 'The downline (AGEDOWNMAN3): members and sub-agents, masked, with their money columns; paged',
    description:
      'scope direct or team, kind all, member or agent, part of a username, registration dates, the dates ' +
      'of the money columns (every day when absent), sort and order. No contact data.',
    handler: (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return agentCentre.downline(currentMember(request), request.query);
    },
  });

  route(api, 'agentDownlineMember', {
    ...common,
    failures: [...AGENT_FAILURES, 'NOT_FOUND'],
    summary: 'A member of the agent’s team as the agent may see it (masked, no contact data)',
    description: 'A member outside the caller’s team (or unknown) is 404 NOT_FOUND.',
    handler: (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return agentCentre.downlineMember(currentMember(request), request.params.memberId);
    },
  });

  route(api, 'agentTeamReport', {
    ...common,
    summary:
      'The team report by day, week (from Monday) or month of GMT+8, empty periods included, and totals',
    handler: (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return agentCentre.teamReport(currentMember(request), request.query);
    },
  });

  // A CSV file, not an envelope: registered by hand (raw call of the API table), behind the same guard.
  api.route({
    ...apiRoute('agentTeamReportCsv'),
    preHandler: guards.realMember,
    schema: {
      summary: 'The team report as CSV (UTF-8 with a BOM, RFC 4180), as an attachment',
      description: 'by, from, to as the JSON report; lang: the language of the header row (vi by default).',
      tags,
      security,
      querystring: teamReportCsvQuery,
      response: {
        200: { description: 'CSV file', content: { 'text/csv': { schema: z.string() } } },
        ...failureResponses(...AGENT_FAILURES),
      },
    },
    handler: async (request, reply) => {
      const query = request.query as z.output<typeof teamReportCsvQuery>;
      const file = await agentCentre.teamReportCsv(currentMember(request), query);
      return reply
        .header('cache-control', PRIVATE)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .type('text/csv; charset=utf-8')
        .send(file.body);
    },
  });

  route(api, 'agentAnnouncements', {
    ...common,
    summary: 'Agent announcements (content code A, AGEANNOUNCE3) shown now, newest first, paged',
    handler: (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return agentCentre.announcements(
        currentMember(request),
        request.query,
        request.query.lang ?? localeFromAcceptLanguage(request.headers['accept-language']),
      );
    },
  });
}
