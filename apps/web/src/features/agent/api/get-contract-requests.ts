import { contractRequests } from '@kl/contracts/agent-contracts';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { parseAnswer } from './parse.ts';

/**
 * GET contract requests (product.md §7, COMM3): which kinds of contract wait for the member's answer. Quiet:
 * the check on home load shows nothing when it fails, and a refused session is forgotten silently.
 */
export async function getContractRequests({ signal }: { signal?: AbortSignal } = {}) {
  const value = await apiCall('contractRequests', { signal, quietSessionError: true });
  return parseAnswer(contractRequests, value, 'contract requests');
}
