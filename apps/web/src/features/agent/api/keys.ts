import type { ContractKind } from '@kl/contracts/agent-contracts';

/** Query keys of the agent contracts; the member's own data starts with ['member'] (a logout drops it). */
export const CONTRACT_REQUESTS_KEY = ['member', 'agent', 'contract-requests'] as const;
export const agentContractKey = (kind: ContractKind) => ['member', 'agent', 'contract', kind] as const;
