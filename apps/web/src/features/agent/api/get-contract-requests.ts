import { contractRequestsCalls } from '@kl/contracts/contract-requests';
import { apiCall } from '../../../shared/lib/api-client.ts';

/**
 * GET contract requests (product.md §7, COMM3): which kinds of contract wait for the member's answer. Quiet:
 * the check on home load shows nothing when it fails, and a refused session is forgotten silently.
 */
export async function getContractRequests({ signal }: { signal?: AbortSignal } = {}) {
  return apiCall(contractRequestsCalls.contractRequests, { signal, quietSessionError: true });
}
