import { accountsCalls, type EndedSessions, LOGIN_HISTORY_PAGE_SIZE } from '@kl/contracts/accounts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';

export const MEMBER_SESSIONS_KEY = ['member', 'sessions'] as const;
export const LOGIN_HISTORY_KEY = ['member', 'logins'] as const;

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

/** GET loginHistory: the member's sign-ins and refused attempts of the last 90 days, page after page. */
export function useLoginHistory() {
  return useInfiniteQuery({
    queryKey: LOGIN_HISTORY_KEY,
    queryFn: ({ pageParam, signal }) =>
      apiCall(accountsCalls.loginHistory, {
        query: { pageNo: pageParam, pageSize: LOGIN_HISTORY_PAGE_SIZE.default },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNo * last.pageSize < last.total ? last.pageNo + 1 : undefined),
    retry: false,
  });
}
