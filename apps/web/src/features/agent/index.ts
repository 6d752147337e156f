import { lazyWithPreload } from '../../shared/lib/lazy-with-preload.ts';

/**
 * Agent contracts (product.md §2 /m/member/agent/getSalaryContract, getDevidendContract, getHourContract; §4
 * home load contract check). The screens share one chunk; the check mounted by home is tiny and loads
 * its own chunk only for a logged-in member, once home is shown.
 */
const screens = () => import('./components/contract-screen.tsx');
export const SalaryContractScreen = lazyWithPreload(async () => ({
  default: (await screens()).SalaryContractScreen,
}));
export const DividendContractScreen = lazyWithPreload(async () => ({
  default: (await screens()).DividendContractScreen,
}));
export const HourlyContractScreen = lazyWithPreload(async () => ({
  default: (await screens()).HourlyContractScreen,
}));
/** /m/agent, the agent centre (docs/agents.md "Agent centre screens"): its own chunk. */
export const AgentCentreScreen = lazyWithPreload(() => import('./components/centre/agent-centre-screen.tsx'));
export { AgentContractCheck } from './components/contract-check-mount.tsx';
