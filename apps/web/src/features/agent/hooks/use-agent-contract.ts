import type { AgentContract, ContractAnswer, ContractKind } from '@kl/contracts/agent-contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerAgentContract } from '../api/answer-contract.ts';
import { getAgentContract } from '../api/get-contract.ts';
import { agentContractKey, CONTRACT_REQUESTS_KEY } from '../api/keys.ts';

/**
 * The member's contract of a kind and its answer. An answer is sent once: the button stays disabled
 * while it is on its way, and the contract shown becomes the answered one. A refusal by the server (the
 * contract was answered or replaced meanwhile) shows its message and loads the contract again.
 */
export function useAgentContract(kind: ContractKind) {
  const client = useQueryClient();
  const contract = useQuery({
    queryKey: agentContractKey(kind),
    queryFn: ({ signal }) => getAgentContract(kind, { signal }),
  });
  const answer = useMutation({
    mutationFn: ({ contractId, choice }: { contractId: string; choice: ContractAnswer }) =>
      answerAgentContract(contractId, choice),
    onSuccess: (answered: AgentContract) => {
      client.setQueryData(agentContractKey(kind), answered);
      void client.invalidateQueries({ queryKey: CONTRACT_REQUESTS_KEY });
    },
    onError: () => void client.invalidateQueries({ queryKey: agentContractKey(kind) }),
  });
  return { contract, answer };
}
