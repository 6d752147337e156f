import { CONTRACT_CHECK_EXEMPT_TYPES } from '@kl/contracts/member-types';

/**
 * product.md §4 home load and §6 Agent: the contract check runs for a logged-in member (not a trial member)
 * when the merchant's AGENTPOLICY3 is on and the member's type does not skip it (4, 40, 41, 42).
 */
export function contractCheckApplies(input: {
  loggedIn: boolean;
  agentPolicy: boolean;
  memberType: number | undefined;
}): boolean {
  if (!input.loggedIn || !input.agentPolicy || input.memberType === undefined) return false;
  return !CONTRACT_CHECK_EXEMPT_TYPES.includes(input.memberType);
}
