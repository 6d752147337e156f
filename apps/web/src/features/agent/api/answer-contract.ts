import { agentContract, type ContractAnswer } from '@kl/contracts/agent-contracts';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { parseAnswer } from './parse.ts';

/** POST accept or refuse `{ contractId }` → the contract as answered. */
export async function answerAgentContract(contractId: string, answer: ContractAnswer) {
  const value = await apiCall(answer === 'accept' ? 'acceptContract' : 'refuseContract', {
    body: { contractId },
  });
  return parseAnswer(agentContract, value, 'agent contract');
}
