import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import type { AgentContract } from '@kl/contracts/agent-contracts';
import { createSystemStatus } from '../../../test/factories.ts';
import { storedSession } from '../../../test/fake-data.ts';
import { findScreen, renderApp } from '../../../test/render-app.tsx';
import { answerContracts, type ContractsServer } from './fake-agent.ts';

/** A status whose AGENTPOLICY3 is on or off. */
export function statusWithAgentPolicy(on: boolean) {
  const status = createSystemStatus();
  return createSystemStatus({ info: { toggles: { ...status.info.toggles, AGENTPOLICY3: on } } });
}

/**
 * Opens `path` in English with the answers of a server view holding `contracts`, as a member of `type` (null: a visitor),
 * with AGENTPOLICY3 on unless told otherwise.
 */
export async function openAgent({
  path,
  type = 1,
  agentPolicy = true,
  contracts = [],
}: {
  path: string;
  type?: number | null;
  agentPolicy?: boolean;
  contracts?: AgentContract[];
}) {
  const server: ContractsServer = { contracts };
  answerContracts(server);
  const status = statusWithAgentPolicy(agentPolicy);
  const view = await renderApp(path, {
    status,
    cachedStatus: status,
    storage: type === null ? {} : { [SESSION_STORAGE_KEY]: storedSession(type) },
  });
  const page = await findScreen();
  return { ...view, server, page };
}
