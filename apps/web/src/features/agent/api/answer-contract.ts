import { agentContractsCalls, type ContractAnswer } from '@kl/contracts/agent-contracts';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** POST accept or refuse `{ contractId }` → the contract as answered. */
export async function answerAgentContract(contractId: string, answer: ContractAnswer) {
  const entry = answer === 'accept' ? agentContractsCalls.acceptContract : agentContractsCalls.refuseContract;
  return apiCall(entry, { body: { contractId } });
}
