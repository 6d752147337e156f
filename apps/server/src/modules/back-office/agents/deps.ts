import type { Clock } from '../../../platform/clock.ts';
import type { Db } from '../../../platform/db.ts';
import type { AgentContractService } from '../../agent-contracts/index.ts';
import type { AgentsModule } from '../../agents/index.ts';
import type { AuditLog } from '../audit.ts';
import type { BackOfficeGuard } from '../guard.ts';
import type { OperatorRepository } from '../operator-repository.ts';

/** What the back office's agents area is built from. */
export interface BackOfficeAgentsDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly merchantCode: string;
  readonly guard: BackOfficeGuard;
  readonly audit: AuditLog;
  readonly agents: Pick<AgentsModule, 'hierarchyService' | 'settlementService'>;
  readonly agentContractService: AgentContractService;
  /** The usernames of the operators who proposed and approved an offer. */
  readonly operators: Pick<OperatorRepository, 'usernamesOf'>;
}
