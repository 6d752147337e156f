import type { AgentContractService } from '../agent-contracts/index.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { LedgerService } from '../wallet/index.ts';

/** What each part of the agents module is built from (index.ts wires them). */
export type AgentsDeps = ModuleContext & {
  readonly merchantCode: string;
  /** Commissions are credited through the ledger. */
  readonly ledgerService: LedgerService;
  /** The contracts an agent was offered and accepted. */
  readonly agentContractService: AgentContractService;
};
