import { accountsCalls, type MemberProfile, type ProfileChange } from '@kl/contracts/accounts';
import { contentCalls, type HeadIcon } from '@kl/contracts/content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { useSession } from '../../../shared/stores/session-store.ts';
import { MEMBER_QUERY_KEY } from '../../auth/index.ts';
import { MEMBER_HEAD_ICON_KEY, MEMBER_PROFILE_KEY } from './keys.ts';

/** GET memberProfile: the nickname and the birthday (docs/decisions/058-member-profile.md). */
export function useMemberProfile() {
  const { userName } = useSession();
  return useQuery({
    queryKey: [...MEMBER_PROFILE_KEY, userName ?? ''],
    queryFn: ({ signal }) => apiCall(accountsCalls.memberProfile, { signal }),
    retry: false,
  });
}

/**
 * PUT changeProfile; the answer is the profile kept, and the member info (the nickname the header and the
 * member centre show) is asked again.
 */
export function useChangeProfile() {
  const client = useQueryClient();
  const { userName } = useSession();
  return useMutation({
    mutationFn: (change: ProfileChange) => apiCall(accountsCalls.changeProfile, { body: change }),
    meta: { errorToast: false },
    onSuccess: (profile: MemberProfile) => {
      client.setQueryData([...MEMBER_PROFILE_KEY, userName ?? ''], profile);
      void client.invalidateQueries({ queryKey: [...MEMBER_QUERY_KEY, 'info'] });
    },
  });
}

/** POST setHeadIcon: the chosen avatar, which every picture of the member then shows. */
export function useSetHeadIcon() {
  const client = useQueryClient();
  const { userName } = useSession();
  return useMutation({
    mutationFn: (headIconId: number) => apiCall(contentCalls.setHeadIcon, { body: { headIconId } }),
    onSuccess: (icon: HeadIcon) => {
      client.setQueryData([...MEMBER_HEAD_ICON_KEY, userName ?? ''], icon);
    },
  });
}
