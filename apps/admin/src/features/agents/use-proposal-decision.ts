import { adminCalls } from '@kl/contracts/admin/calls';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import type { AgentDecision } from './decision-modal.tsx';

/**
 * A second operator's decision on a contract proposal: approve (the agent is offered it) or refuse (the
 * agent never sees it); the list of proposals is asked again after it.
 */
export function useProposalDecision() {
  const { t } = useTranslation();
  return useAdminMutation(
    ({ id, decision }: { id: string; decision: AgentDecision }) =>
      adminCall(decision === 'approve' ? adminCalls.adminApproveContract : adminCalls.adminRejectContract, {
        params: { contractId: id },
      }),
    {
      invalidates: ['agent-contract-proposals'],
      errorMessage: false,
      successText: (proposal) =>
        t(`agents.proposals.decided.${proposal.status === 'pending' ? 'approved' : 'refused'}`, {
          username: proposal.username,
        }),
    },
  );
}
