import { accountsCalls, type EndedSessions } from '@kl/contracts/accounts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';

export const MEMBER_SESSIONS_KEY = ['member', 'sessions'] as const;

/** GET memberSessions: the member's signed-in sessions, this one marked. */
export function useMemberSessions() {
  return useQuery({
    queryKey: MEMBER_SESSIONS_KEY,
    queryFn: ({ signal }) => apiCall(accountsCalls.memberSessions, { signal }),
    retry: false,
  });
}

/** DELETE one of the member's sessions: its next call answers SESSION_EXPIRED. */
export function endMemberSession(sessionId: string): Promise<EndedSessions> {
  return apiCall(accountsCalls.endMemberSession, { query: { sessionId } });
}

/** POST: signs every session of the member out but this one. */
export function endOtherSessions(): Promise<EndedSessions> {
  return apiCall(accountsCalls.endOtherSessions);
}
