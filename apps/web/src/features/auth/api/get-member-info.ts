import type { MemberInfo } from '@kl/contracts/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiCall } from '../../../shared/lib/api-client.ts';
import { useSession } from '../../../shared/stores/session-store.ts';

/** Every query of the member's own data starts with this key; logout removes them all. */
export const MEMBER_QUERY_KEY = ['member'] as const;

/** GET memberInfo (product.md §3 Member info), checked by the contracts schema loaded on demand. */
export async function getMemberInfo({ signal }: { signal?: AbortSignal } = {}): Promise<MemberInfo> {
  const checker = import('./parse-member-info.ts');
  const value = await apiCall('memberInfo', { signal });
  const info = (await checker).parseMemberInfo(value);
  if (!info) throw new ApiError('UNKNOWN_ERROR', { status: 200, message: 'Malformed member info' });
  return info;
}

export const memberInfoQueryOptions = (userName: string) =>
  queryOptions({
    queryKey: [...MEMBER_QUERY_KEY, 'info', userName],
    queryFn: ({ signal }) => getMemberInfo({ signal }),
    staleTime: 60_000,
  });

/** The logged-in member's info (nothing for a visitor). */
export function useMemberInfo() {
  const { userName } = useSession();
  return useQuery({ ...memberInfoQueryOptions(userName ?? ''), enabled: userName !== null });
}
