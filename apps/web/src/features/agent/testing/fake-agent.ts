import {
  agentContractsCalls,
  type AgentContract,
  type ContractKind,
  type ContractRequests,
} from '@kl/contracts/agent-contracts';
import { answer, bodyOf, failure, isCall } from '../../../test/fake-api.ts';

/**
 * The agent contract side of the API for component tests, keeping the contracts of agent-contracts.ts:
 * GET /api/agent-contracts/requests, GET /api/agent-contracts/contract?kind=, POST accept and refuse
 * (a waiting contract is answered once; again: 409 CONTRACT_CLOSED).
 */
export interface FakeAgent {
  handle: (url: URL, init?: RequestInit) => Promise<Response | undefined>;
  state: {
    contracts: AgentContract[];
    requestCalls: number;
    /** How many times a contract was asked for. */
    contractCalls: number;
    answers: { contractId: string; answer: 'accept' | 'refuse' }[];
  };
}

/** A contract offered by the operator, pending unless told otherwise. */
export function fakeContract(kind: ContractKind, overrides: Partial<AgentContract> = {}): AgentContract {
  const base = {
    id: `00000000-0000-4000-8000-00000000000${['salary', 'dividend', 'hourly'].indexOf(kind) + 1}`,
    status: 'pending' as const,
    currency: 'VND',
    offeredBy: 'operator',
    offeredAt: '2030-03-01T08:00:00.000Z',
    answeredAt: null,
  };
  const contract: AgentContract =
    kind === 'salary'
      ? {
          ...base,
          kind,
          terms: {
            tiers: [
              { minTurnover: 10_000_000, minActiveMembers: 5, salary: 200_000 },
              { minTurnover: 50_000_000, minActiveMembers: 10, salary: 1_200_000 },
            ],
          },
        }
      : kind === 'dividend'
        ? {
            ...base,
            kind,
            terms: {
              period: 'half_month',
              tiers: [{ minNetLoss: 20_000_000, minActiveMembers: 8, percentBp: 1250 }],
            },
          }
        : { ...base, kind, terms: { tiers: [{ minTurnover: 2_000_000, amount: 20_000 }] } };
  return { ...contract, ...overrides } as AgentContract;
}

export function createFakeAgent(options: { contracts?: AgentContract[] } = {}): FakeAgent {
  const state: FakeAgent['state'] = {
    contracts: [...(options.contracts ?? [])],
    requestCalls: 0,
    contractCalls: 0,
    answers: [],
  };
  const pending = (kind: ContractKind) =>
    state.contracts.some((contract) => contract.kind === kind && contract.status === 'pending') ? 1 : 0;

  const handle = async (url: URL, init?: RequestInit) => {
    if (isCall(agentContractsCalls.contractRequests, url, init)) {
      state.requestCalls += 1;
      const reply: ContractRequests = {
        dailysalreqtype: pending('salary'),
        divtypecompperiodreq: pending('dividend'),
        contracthoursalreq: pending('hourly'),
      };
      return answer(agentContractsCalls.contractRequests, reply);
    }
    if (isCall(agentContractsCalls.agentContract, url, init)) {
      state.contractCalls += 1;
      const kind = url.searchParams.get('kind');
      const found = state.contracts.filter(
        (contract) => contract.kind === kind && contract.status !== 'superseded',
      );
      return answer(agentContractsCalls.agentContract, { contract: found.at(-1) ?? null });
    }
    const entry = isCall(agentContractsCalls.acceptContract, url, init)
      ? agentContractsCalls.acceptContract
      : isCall(agentContractsCalls.refuseContract, url, init)
        ? agentContractsCalls.refuseContract
        : null;
    if (entry) {
      const reply = entry === agentContractsCalls.acceptContract ? 'accept' : 'refuse';
      const { contractId } = bodyOf(entry, init);
      state.answers.push({ contractId, answer: reply });
      const index = state.contracts.findIndex((contract) => contract.id === contractId);
      const contract = state.contracts[index];
      if (!contract) return failure('NOT_FOUND');
      if (contract.status !== 'pending') return failure('CONTRACT_CLOSED', 409, { status: contract.status });
      const answered = {
        ...contract,
        status: reply === 'accept' ? 'accepted' : 'refused',
        answeredAt: '2030-03-01T09:30:00.000Z',
      } as AgentContract;
      state.contracts[index] = answered;
      return answer(entry, answered);
    }
    return undefined;
  };
  return { handle, state };
}
