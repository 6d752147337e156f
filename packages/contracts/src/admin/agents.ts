import { z } from 'zod';
import type { ApiTable } from '../api-call.ts';
import {
  CONTRACT_KINDS,
  CONTRACT_STATUSES,
  dividendTerms,
  hourlyTerms,
  offerContractRequest,
  salaryTerms,
} from '../agent-contracts.ts';
import {
  AGENT_APPLICATION_STATUSES,
  agentStatement,
  periodKeySchema,
  SETTLEMENT_STATUSES,
  settleResult,
} from '../agents.ts';
import { pageParams } from '../paging.ts';
import type { AdminCallRule } from './calls.ts';
import { ADMIN_PAGE_SIZE, adminPage } from './operators.ts';

/**
 * Agents in the back office (docs/agents.md, "Back office"): applications to become an agent, making a
 * member an agent, contract offers under four eyes (one operator proposes, another approves or rejects),
 * and the settlements of the contracts that pay (finance approves those beyond the running total paid at
 * once, and can settle a period by hand).
 */

export const adminAgentApplicationsQuery = z.object({
  status: z.enum(AGENT_APPLICATION_STATUSES).optional(),
  ...pageParams(ADMIN_PAGE_SIZE),
});
export type AdminAgentApplicationsQuery = z.input<typeof adminAgentApplicationsQuery>;

export const adminAgentApplication = z.object({
  id: z.uuid(),
  memberId: z.uuid(),
  username: z.string(),
  message: z.string(),
  contact: z.string().nullable(),
  status: z.enum(AGENT_APPLICATION_STATUSES),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  decidedBy: z.string().nullable(),
  note: z.string().nullable(),
});
export type AdminAgentApplication = z.infer<typeof adminAgentApplication>;
export const adminAgentApplicationPage = adminPage(adminAgentApplication);

export const agentApplicationParams = z.object({ applicationId: z.uuid() });
export const AGENT_DECISIONS = ['approve', 'refuse'] as const;
export const decideAgentApplicationRequest = z.object({
  decision: z.enum(AGENT_DECISIONS),
  /** Shown to the member. */
  note: z.string().trim().max(500).optional(),
});
export type DecideAgentApplicationRequest = z.input<typeof decideAgentApplicationRequest>;

export const adminAgentsQuery = z.object({
  username: z.string().trim().max(64).optional(),
  ...pageParams(ADMIN_PAGE_SIZE),
});
export type AdminAgentsQuery = z.input<typeof adminAgentsQuery>;

export const adminAgent = z.object({
  memberId: z.uuid(),
  username: z.string(),
  /** Member type (1 a top agent made by an operator, 2 a sub-agent). */
  type: z.number().int(),
  level: z.number().int().min(1),
  parentUsername: z.string().nullable(),
  directSize: z.number().int().min(0),
  teamSize: z.number().int().min(0),
  activeLinks: z.number().int().min(0),
  since: z.iso.datetime(),
  /** The kinds of contract the agent has accepted. */
  contracts: z.array(z.enum(CONTRACT_KINDS)),
});
export type AdminAgent = z.infer<typeof adminAgent>;
export const adminAgentPage = adminPage(adminAgent);

/** Make a member an agent directly: a top agent, or a sub-agent of the agent above it when it has one. */
export const makeAgentRequest = z.object({ username: z.string().trim().min(1).max(64) });
export type MakeAgentRequest = z.input<typeof makeAgentRequest>;

/** Who may decide a proposal waiting for its second operator. */
export const proposalApproval = z.object({
  /**
   * The active operators who may approve or reject it now: write access to the agents area, and not the
   * one who proposed it.
   */
  eligible: z.array(z.string()),
  /** Whether the operator reading it may decide it. */
  youMay: z.boolean(),
});
export type ProposalApproval = z.infer<typeof proposalApproval>;

const proposalBase = {
  id: z.uuid(),
  memberId: z.uuid(),
  /** The agent's username. */
  username: z.string(),
  status: z.enum(CONTRACT_STATUSES),
  currency: z.string(),
  /** Shown to the agent as the one who offers. */
  offeredBy: z.string(),
  /** When it was proposed; once approved, when the agent was offered it (the approval). */
  offeredAt: z.iso.datetime(),
  /** The operators' usernames: who proposed it (null for offers made before four eyes), who approved it. */
  proposedBy: z.string().nullable(),
  approvedBy: z.string().nullable(),
  approvedAt: z.iso.datetime().nullable(),
  /** Who may decide it while it is `proposed` (nobody once decided). */
  approval: proposalApproval,
};

/** An operator's contract offer as the back office shows it: the terms, who proposed and approved it. */
export const adminContractProposal = z.discriminatedUnion('kind', [
  z.object({ ...proposalBase, kind: z.literal('salary'), terms: salaryTerms }),
  z.object({ ...proposalBase, kind: z.literal('dividend'), terms: dividendTerms }),
  z.object({ ...proposalBase, kind: z.literal('hourly'), terms: hourlyTerms }),
]);
export type AdminContractProposal = z.infer<typeof adminContractProposal>;
export const adminContractProposalPage = adminPage(adminContractProposal);
export type AdminContractProposalPage = z.infer<typeof adminContractProposalPage>;

export const adminContractProposalsQuery = z.object({ ...pageParams(ADMIN_PAGE_SIZE) });
export type AdminContractProposalsQuery = z.input<typeof adminContractProposalsQuery>;

export const contractParams = z.object({ contractId: z.uuid() });

export const adminSettlementsQuery = z.object({
  status: z.enum(SETTLEMENT_STATUSES).optional(),
  kind: z.enum(CONTRACT_KINDS).optional(),
  username: z.string().trim().max(64).optional(),
  ...pageParams(ADMIN_PAGE_SIZE),
});
export type AdminSettlementsQuery = z.input<typeof adminSettlementsQuery>;

export const adminSettlement = agentStatement.extend({
  agentMemberId: z.uuid(),
  username: z.string(),
  decidedBy: z.string().nullable(),
  note: z.string().nullable(),
});
export type AdminSettlement = z.infer<typeof adminSettlement>;
export const adminSettlementPage = adminPage(adminSettlement).extend({
  /** Settlements waiting for approval, whatever the filters. */
  awaitingApproval: z.number().int().min(0),
});
export type AdminSettlementPage = z.infer<typeof adminSettlementPage>;

export const settlementParams = z.object({ settlementId: z.uuid() });
export const decideSettlementRequest = z.object({
  decision: z.enum(AGENT_DECISIONS),
  note: z.string().trim().max(500).optional(),
});
export type DecideSettlementRequest = z.input<typeof decideSettlementRequest>;

/** Settle a closed period by hand (the same as `npm run agents:settle -- --period …`). */
export const settlePeriodRequest = z.object({ period: periodKeySchema });
export type SettlePeriodRequest = z.input<typeof settlePeriodRequest>;

/** The agents area's calls (composed into adminCalls, calls.ts). */
export const adminAgentsCalls = {
  adminAgentApplications: {
    method: 'GET',
    path: '/api/admin/agents/applications',
    moduleId: 'ADMIN',
    query: adminAgentApplicationsQuery,
    response: adminAgentApplicationPage,
  },
  adminDecideAgentApplication: {
    method: 'POST',
    path: '/api/admin/agents/applications/:applicationId/decision',
    moduleId: 'ADMIN',
    params: agentApplicationParams,
    body: decideAgentApplicationRequest,
    response: adminAgentApplication,
  },
  adminAgents: {
    method: 'GET',
    path: '/api/admin/agents',
    moduleId: 'ADMIN',
    query: adminAgentsQuery,
    response: adminAgentPage,
  },
  adminMakeAgent: {
    method: 'POST',
    path: '/api/admin/agents',
    moduleId: 'ADMIN',
    body: makeAgentRequest,
    response: adminAgent,
  },
  adminOfferContract: {
    method: 'POST',
    path: '/api/admin/agents/contracts',
    moduleId: 'ADMIN',
    body: offerContractRequest,
    response: adminContractProposal,
  },
  adminContractProposals: {
    method: 'GET',
    path: '/api/admin/agents/contracts/proposals',
    moduleId: 'ADMIN',
    query: adminContractProposalsQuery,
    response: adminContractProposalPage,
  },
  adminApproveContract: {
    method: 'POST',
    path: '/api/admin/agents/contracts/:contractId/approve',
    moduleId: 'ADMIN',
    params: contractParams,
    response: adminContractProposal,
  },
  adminRejectContract: {
    method: 'POST',
    path: '/api/admin/agents/contracts/:contractId/reject',
    moduleId: 'ADMIN',
    params: contractParams,
    response: adminContractProposal,
  },
  adminSettlements: {
    method: 'GET',
    path: '/api/admin/agents/settlements',
    moduleId: 'ADMIN',
    query: adminSettlementsQuery,
    response: adminSettlementPage,
  },
  adminDecideSettlement: {
    method: 'POST',
    path: '/api/admin/agents/settlements/:settlementId/decision',
    moduleId: 'ADMIN',
    params: settlementParams,
    body: decideSettlementRequest,
    response: adminSettlement,
  },
  adminSettlePeriod: {
    method: 'POST',
    path: '/api/admin/agents/settle',
    moduleId: 'ADMIN',
    body: settlePeriodRequest,
    response: settleResult,
  },
} as const satisfies ApiTable;

export const adminAgentsRules: Record<keyof typeof adminAgentsCalls, AdminCallRule> = {
  adminAgentApplications: { area: 'agents', access: 'read' },
  adminDecideAgentApplication: { area: 'agents', access: 'write' },
  adminAgents: { area: 'agents', access: 'read' },
  adminMakeAgent: { area: 'agents', access: 'write' },
  /** Proposes: the offer reaches the agent once a second operator approves it. */
  adminOfferContract: { area: 'agents', access: 'write' },
  adminContractProposals: { area: 'agents', access: 'read' },
  /** Not the proposer (409 SECOND_APPROVER_REQUIRED). */
  adminApproveContract: { area: 'agents', access: 'write' },
  adminRejectContract: { area: 'agents', access: 'write' },
  adminSettlements: { area: 'agents', access: 'read' },
  adminDecideSettlement: { area: 'agents', access: 'write' },
  adminSettlePeriod: { area: 'agents', access: 'write' },
};
