import { sessionInfo, type SessionInfo } from '@kl/contracts/accounts';
import { ApiError } from '../../../shared/lib/api-client.ts';

/** The `sessionInfo` of an answer that creates or renews a session (the value itself or under `sessionInfo`). */
export function readSessionInfo(value: unknown): SessionInfo {
  const candidate =
    typeof value === 'object' && value !== null && 'sessionInfo' in value
      ? (value as { sessionInfo: unknown }).sessionInfo
      : value;
  const parsed = sessionInfo.safeParse(candidate);
  if (!parsed.success) throw new ApiError('UNKNOWN_ERROR', { status: 200, message: 'Malformed session' });
  return parsed.data;
}
