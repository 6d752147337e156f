import {
  accountsCalls,
  type MemberProfile,
  type MobileChange,
  type MobileCodeRequest,
  type ProfileChange,
} from '@kl/contracts/accounts';
import { contentCalls, type HeadIcon } from '@kl/contracts/content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { useSession } from '../../../shared/stores/session-store.ts';
import { MEMBER_QUERY_KEY } from '../../auth/index.ts';
import { MEMBER_HEAD_ICON_KEY, MEMBER_PROFILE_KEY } from './keys.ts';

/**
 * GET memberProfile: the nickname, the birthday, the e-mail and the mobile number
 * (docs/decisions/058-member-profile.md, 059-member-contacts.md).
 */
export function useMemberProfile() {
  const { userName } = useSession();
  return useQuery({
    queryKey: [...MEMBER_PROFILE_KEY, userName ?? ''],
    queryFn: ({ signal }) => apiCall(accountsCalls.memberProfile, { signal }),
    retry: false,
  });
}

/** A change whose answer is the profile kept: the cached profile is replaced by it. */
function useProfileMutation<T>(send: (input: T) => Promise<MemberProfile>) {
  const client = useQueryClient();
  const { userName } = useSession();
  return useMutation({
    mutationFn: send,
    meta: { errorToast: false },
    onSuccess: (profile: MemberProfile) => {
      client.setQueryData([...MEMBER_PROFILE_KEY, userName ?? ''], profile);
      void client.invalidateQueries({ queryKey: [...MEMBER_QUERY_KEY, 'info'] });
    },
  });
}

/**
 * PUT changeProfile; the answer is the profile kept, and the member info (the nickname the header and the
 * member centre show) is asked again.
 */
export const useChangeProfile = () =>
  useProfileMutation((change: ProfileChange) => apiCall(accountsCalls.changeProfile, { body: change }));

/** PUT changeEmail: the new address, unverified, and a link e-mailed to it. */
export const useChangeEmail = () =>
  useProfileMutation((email: string) => apiCall(accountsCalls.changeEmail, { body: { email } }));

/** PUT changeMobile: the new number, with the codes sent to the old and the new one. */
export const useChangeMobile = () =>
  useProfileMutation((change: MobileChange) => apiCall(accountsCalls.changeMobile, { body: change }));

/** POST resendEmailVerification: the link again, to the unverified address. */
export function useResendEmailVerification() {
  return useMutation({
    mutationFn: () => apiCall(accountsCalls.resendEmailVerification),
    meta: { errorToast: false },
  });
}

/** POST sendMobileCode: a code of the change, to the current number or to the new one. */
export function useSendMobileCode() {
  return useMutation({
    mutationFn: (request: MobileCodeRequest) => apiCall(accountsCalls.sendMobileCode, { body: request }),
    meta: { errorToast: false },
  });
}

/** POST verifyEmail: the e-mailed link's token (no session needed). */
export function useVerifyEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiCall(accountsCalls.verifyEmail, { body: { token } }),
    meta: { errorToast: false },
    // The member's profile, if this browser has it, says so next time.
    onSuccess: () => void client.invalidateQueries({ queryKey: MEMBER_PROFILE_KEY }),
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
