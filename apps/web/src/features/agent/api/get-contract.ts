import { agentContractAnswer, type ContractKind } from '@kl/contracts/agent-contracts';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { parseAnswer } from './parse.ts';

/** GET the member's contract of a kind (`?kind=`): the latest offer not replaced, or null. */
export async function getAgentContract(kind: ContractKind, { signal }: { signal?: AbortSignal } = {}) {
  const value = await apiCall('agentContract', { query: { kind }, signal });
  return parseAnswer(agentContractAnswer, value, 'agent contract').contract;
}
