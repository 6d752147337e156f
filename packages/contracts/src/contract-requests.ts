import type { ApiTable } from './api-call.ts';
import { z } from 'zod';

/**
 * The contract check of a member's home (product.md §3 Contract reply; §4 home load contract check; §7
 * contract requests): which kinds of agent contract wait for the member's answer. A module of its own, so
 * that a member's home carries this one schema and not every agent contract's
 * (docs/decisions/024-first-load-javascript.md); agent-contracts.ts puts the call in `agentContractsCalls`.
 */

/** The kinds of agent contract (agent-contracts.ts says what each pays). */
export const CONTRACT_KINDS = ['salary', 'dividend', 'hourly'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

/**
 * The contract reply of product.md §3: 1 when a contract of that kind waits for the member's answer, 0
 * otherwise (daily salary, dividend, hourly salary).
 */
export const contractRequests = z.object({
  dailysalreqtype: z.union([z.literal(0), z.literal(1)]),
  divtypecompperiodreq: z.union([z.literal(0), z.literal(1)]),
  contracthoursalreq: z.union([z.literal(0), z.literal(1)]),
});
export type ContractRequests = z.infer<typeof contractRequests>;

/** The field of the contract reply that tells of each kind. */
export const CONTRACT_REQUEST_FIELDS = {
  salary: 'dailysalreqtype',
  dividend: 'divtypecompperiodreq',
  hourly: 'contracthoursalreq',
} as const satisfies Record<ContractKind, keyof ContractRequests>;

/** The contract requests call, in `agentContractsCalls` under the same name. */
export const contractRequestsCalls = {
  contractRequests: {
    method: 'GET',
    path: '/api/agent-contracts/requests',
    moduleId: 'COMM3',
    response: contractRequests,
  },
} as const satisfies ApiTable;
