import { contentCalls, type HeadIcon } from '@kl/contracts/content';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { useSession } from '../../../shared/stores/session-store.ts';
import { MEMBER_HEAD_ICON_KEY } from './keys.ts';

/** GET headIcon (PROFPIC3): the member's avatar. */
export async function getHeadIcon({ signal }: { signal?: AbortSignal } = {}): Promise<HeadIcon> {
  return apiCall(contentCalls.headIcon, { signal });
}

/** The member's avatar (a real member; nothing for trial accounts and visitors). */
export function useHeadIcon() {
  const { userName, role } = useSession();
  return useQuery({
    queryKey: [...MEMBER_HEAD_ICON_KEY, userName ?? ''],
    queryFn: ({ signal }) => getHeadIcon({ signal }),
    enabled: role === 'member',
    staleTime: 300_000,
    retry: false,
  });
}
