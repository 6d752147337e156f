import type { AGENT_PROMOTION_TYPES } from '@kl/contracts/agent-contracts';

// contracts AGENT_PROMOTION_TYPES, checked by type: the value lives in a module that carries zod.
const AGENT_TYPES: readonly number[] = [1, 2] as const satisfies typeof AGENT_PROMOTION_TYPES;

/**
 * Whether a member type is an agent's (docs/agents.md: 1, made an agent by an operator; 2, a sub-agent
 * registered through a sub-agent link): agents reach the agent centre and their contracts, other real
 * members may apply to become one.
 */
export const isAgentType = (type: number | undefined): boolean =>
  type !== undefined && AGENT_TYPES.includes(type);
