import { agentContractsCalls, type AgentContract, type ContractKind } from '@kl/contracts/agent-contracts';
import { onByDefault } from '../../../test/fake-api.ts';

/** Agent contract data for component tests (contracts agent-contracts.ts). */

const KINDS: ContractKind[] = ['salary', 'dividend', 'hourly'];
const TERMS = {
  salary: {
    tiers: [
      { minTurnover: 10_000_000, minActiveMembers: 5, salary: 200_000 },
      { minTurnover: 50_000_000, minActiveMembers: 10, salary: 1_200_000 },
    ],
  },
  dividend: {
    period: 'half_month',
    tiers: [{ minNetLoss: 20_000_000, minActiveMembers: 8, percentBp: 1250 }],
  },
  hourly: { tiers: [{ minTurnover: 2_000_000, amount: 20_000 }] },
};

/** A contract of `kind` offered by the operator, pending unless told otherwise. */
export const fakeContract = (kind: ContractKind, overrides: Partial<AgentContract> = {}) =>
  ({
    ...{ id: `00000000-0000-4000-8000-00000000000${KINDS.indexOf(kind) + 1}`, kind, terms: TERMS[kind] },
    ...{ status: 'pending', currency: 'VND', offeredBy: 'operator', offeredAt: '2030-03-01T08:00:00.000Z' },
    ...{ answeredAt: null, ...overrides },
  }) as AgentContract;

export interface ContractsServer {
  contracts: AgentContract[];
}

/** Answers which kinds wait for an answer (a pending contract) and the contract of a kind, from `server`. */
export function answerContracts(server: ContractsServer) {
  const pending = (kind: ContractKind) =>
    server.contracts.some((contract) => contract.kind === kind && contract.status === 'pending') ? 1 : 0;
  onByDefault(agentContractsCalls.contractRequests, () => ({
    dailysalreqtype: pending('salary'),
    divtypecompperiodreq: pending('dividend'),
    contracthoursalreq: pending('hourly'),
  }));
  onByDefault(agentContractsCalls.agentContract, ({ query }) => ({
    contract: server.contracts.findLast((contract) => contract.kind === query.kind) ?? null,
  }));
}
