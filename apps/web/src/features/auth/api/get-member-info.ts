import type { MemberInfo } from '@kl/contracts/member-session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { useSession } from '../../../shared/stores/session-store.ts';

/** Every query of the member's own data starts with this key; logout removes them all. */
export const MEMBER_QUERY_KEY = ['member'] as const;

/**
 * GET memberInfo (product.md §3 Member info), checked by the contracts schema. The header asks for it on
 * every page: its contract (member-session, without the other accounts calls) is loaded on demand, so it
 * stays out of a visitor's first load.
 */
export async function getMemberInfo({ signal }: { signal?: AbortSignal } = {}): Promise<MemberInfo> {
  const { memberSessionCalls } = await import('@kl/contracts/member-session');
  return apiCall(memberSessionCalls.memberInfo, { signal });
}

/** The member info's queries (one per user name). */
export const MEMBER_INFO_QUERY_KEY = [...MEMBER_QUERY_KEY, 'info'] as const;

export const memberInfoQueryOptions = (userName: string) =>
  queryOptions({
    queryKey: [...MEMBER_INFO_QUERY_KEY, userName],
    queryFn: ({ signal }) => getMemberInfo({ signal }),
    staleTime: 60_000,
  });

/** The logged-in member's info (nothing for a visitor). */
export function useMemberInfo() {
  const { userName } = useSession();
  return useQuery({ ...memberInfoQueryOptions(userName ?? ''), enabled: userName !== null });
}
