import { agentContractsCalls, type ContractKind } from '@kl/contracts/agent-contracts';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** GET the member's contract of a kind (`?kind=`): the latest offer not replaced, or null. */
export async function getAgentContract(kind: ContractKind, { signal }: { signal?: AbortSignal } = {}) {
  const answer = await apiCall(agentContractsCalls.agentContract, { query: { kind }, signal });
  return answer.contract;
}
