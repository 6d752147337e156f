import type { OperatorRole } from '@kl/contracts/admin/access';
import type {
  AdminAgent,
  AdminAgentApplication,
  AdminContractProposal,
  AdminSettlement,
} from '@kl/contracts/admin/agents';
import { adminCalls } from '@kl/contracts/admin/calls';
import { screen } from '@testing-library/react';
import { LANGUAGE_STORAGE_KEY } from '../shared/i18n.ts';
import { createOperator } from './factories.ts';
import { answer, on, type FakeRequest, type FakeRoute } from './fake-api.ts';
import { findHeading, renderAdmin } from './render-admin.tsx';

/**
 * The Agents screen's fakes: applications, agents, contract proposals and settlements, and the server
 * answering them.
 */

let serial = 0;
const uuid = (prefix: string) => {
  serial += 1;
  return `${prefix}-4d5e-4f60-8a7b-${String(serial).padStart(12, '0')}`;
};

export function createAgentApplication(
  overrides: Partial<AdminAgentApplication> = {},
): AdminAgentApplication {
  return {
    id: uuid('1a2b3c4d'),
    memberId: uuid('2b3c4d5e'),
    username: 'alice',
    message: 'I run a football fan group of 300 people.',
    contact: 'Zalo 0912345678',
    status: 'pending',
    createdAt: '2026-11-20T03:00:00.000Z',
    decidedAt: null,
    decidedBy: null,
    note: null,
    ...overrides,
  };
}

export function createAdminAgent(overrides: Partial<AdminAgent> = {}): AdminAgent {
  return {
    memberId: uuid('3c4d5e6f'),
    username: 'alice',
    type: 1,
    level: 1,
    parentUsername: null,
    directSize: 12,
    teamSize: 1_250,
    activeLinks: 2,
    since: '2026-11-01T03:00:00.000Z',
    contracts: [],
    ...overrides,
  };
}

/** An hourly contract offer waiting for a second operator, proposed by `finance.two`. */
export function createContractProposal(
  overrides: Partial<AdminContractProposal> = {},
): AdminContractProposal {
  return {
    id: uuid('7a8b9c0d'),
    memberId: uuid('8b9c0d1e'),
    username: 'alice',
    kind: 'hourly',
    terms: {
      tiers: [
        { minTurnover: 1_000_000, amount: 20_000 },
        { minTurnover: 5_000_000, amount: 120_000 },
      ],
    },
    status: 'proposed',
    currency: 'VND',
    offeredBy: 'operator',
    offeredAt: '2026-11-24T03:00:00.000Z',
    proposedBy: 'finance.two',
    approvedBy: null,
    approvedAt: null,
    approval: { eligible: ['finance.one', 'owner.one'], youMay: true },
    ...overrides,
  } as AdminContractProposal;
}

export function createSettlement(overrides: Partial<AdminSettlement> = {}): AdminSettlement {
  return {
    id: uuid('4d5e6f70'),
    agentMemberId: uuid('5e6f7081'),
    username: 'alice',
    kind: 'salary',
    period: '2026-11-23',
    periodStart: '2026-11-22T16:00:00.000Z',
    periodEnd: '2026-11-23T16:00:00.000Z',
    contractId: uuid('6f708192'),
    currency: 'VND',
    amount: 500_000,
    status: 'paid',
    basis: {
      turnover: 80_000_000,
      activeMembers: 12,
      netLoss: null,
      carriedIn: null,
      carriedOut: null,
      tier: 0,
      percentBp: null,
    },
    createdAt: '2026-11-23T16:05:00.000Z',
    decidedAt: '2026-11-23T16:05:00.000Z',
    decidedBy: null,
    note: null,
    ...overrides,
  };
}

/** The signed-in operator: finance writes the agents area, support reads it. */
export const agentsSession = (role: OperatorRole) =>
  on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator(role)));

const pageOf = <T>(list: T[]) => ({ list, pageNo: 1, pageSize: 20, total: list.length });
const param = (request: FakeRequest, name: string) => request.url.searchParams.get(name);

/**
 * The four lists as the server keeps them, filtered as it would: applications by status, agents by a
 * part of the username, the proposals still waiting, settlements by status, kind and username (with the
 * count awaiting approval).
 */
export function agentsRoutes({
  applications = [],
  agents = [],
  proposals = [],
  settlements = [],
}: {
  applications?: AdminAgentApplication[];
  agents?: AdminAgent[];
  proposals?: AdminContractProposal[];
  settlements?: AdminSettlement[];
}): FakeRoute[] {
  return [
    on(adminCalls.adminContractProposals, () =>
      answer(
        adminCalls.adminContractProposals,
        pageOf(proposals.filter((proposal) => proposal.status === 'proposed')),
      ),
    ),
    on(adminCalls.adminAgentApplications, (request) => {
      const status = param(request, 'status');
      const list = applications.filter((application) => !status || application.status === status);
      return answer(adminCalls.adminAgentApplications, pageOf(list));
    }),
    on(adminCalls.adminAgents, (request) => {
      const username = param(request, 'username');
      const list = agents.filter((agent) => !username || agent.username.includes(username));
      return answer(adminCalls.adminAgents, pageOf(list));
    }),
    on(adminCalls.adminSettlements, (request) => {
      const [status, kind, username] = ['status', 'kind', 'username'].map((name) => param(request, name));
      const list = settlements.filter(
        (settlement) =>
          (!status || settlement.status === status) &&
          (!kind || settlement.kind === kind) &&
          (!username || settlement.username === username),
      );
      const awaitingApproval = settlements.filter((settlement) => settlement.status === 'awaiting_approval');
      return answer(adminCalls.adminSettlements, {
        ...pageOf(list),
        awaitingApproval: awaitingApproval.length,
      });
    }),
  ];
}

/** Opens the Agents screen in English on one of its tabs, once that tab's table (named `table`) shows. */
export async function openAgentsTab(tab: string | RegExp, table: string, routes: FakeRoute[]) {
  const rendered = await renderAdmin('/agents', { storage: { [LANGUAGE_STORAGE_KEY]: 'en' }, routes });
  await findHeading('Agents');
  await rendered.user.click(screen.getByRole('tab', { name: tab }));
  return { ...rendered, table: await screen.findByRole('table', { name: table }) };
}
