/**
 * Member types (product.md §3): 0, 1, 2 real; 4 free/trial; 40–42 agents. A module without zod, so that
 * the app reads them without the accounts schemas (docs/decisions/024-first-load-javascript.md); accounts.ts
 * exports them too.
 */
export const MEMBER_TYPES = { real: [0, 1, 2], trial: 4, agents: [40, 41, 42] } as const;
export const REAL_MEMBER_TYPES: readonly number[] = MEMBER_TYPES.real;
export const TRIAL_MEMBER_TYPE = MEMBER_TYPES.trial;
/** product.md §3: types 0, 4 and 40 are not agents. */
export const NON_AGENT_TYPES: readonly number[] = [0, 4, 40];
/** product.md §3: types 4, 40, 41, 42 skip the contract check. */
export const CONTRACT_CHECK_EXEMPT_TYPES: readonly number[] = [4, 40, 41, 42];

export const isRealMember = (type: number) => REAL_MEMBER_TYPES.includes(type);
export const isTrialMember = (type: number) => type === TRIAL_MEMBER_TYPE;
export const isAgent = (type: number) => !NON_AGENT_TYPES.includes(type);
