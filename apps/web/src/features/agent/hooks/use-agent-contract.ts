import type { AgentContract, ContractAnswer, ContractKind } from '@kl/contracts/agent-contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerAgentContract } from '../api/answer-contract.ts';
import { getAgentContract } from '../api/get-contract.ts';
import { agentContractKey, CONTRACT_REQUESTS_KEY } from '../api/keys.ts';

/** The member's contract of a kind. */
export function useAgentContract(kind: ContractKind) {
  return useQuery({
    queryKey: agentContractKey(kind),
    queryFn: ({ signal }) => getAgentContract(kind, { signal }),
  });
}

/**
 * The answer to the member's contract of a kind, apart from the contract's query: the contract's body
 * answers it without observing the query a second time, which would load the contract again as soon
 * as it is shown. An answer is sent once: the button stays disabled while it is on its way, and the
 * contract shown becomes the answered one. A refusal by the server (the contract was answered or replaced
 * meanwhile) shows its message and loads the contract again.
 */
export function useContractAnswer(kind: ContractKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ contractId, choice }: { contractId: string; choice: ContractAnswer }) =>
      answerAgentContract(contractId, choice),
    onSuccess: (answered: AgentContract) => {
      client.setQueryData(agentContractKey(kind), answered);
      void client.invalidateQueries({ queryKey: CONTRACT_REQUESTS_KEY });
    },
    onError: () => void client.invalidateQueries({ queryKey: agentContractKey(kind) }),
  });
}
