import { adminCalls } from '@kl/contracts/admin/calls';
import { useQuery } from '@tanstack/react-query';
import { adminCall } from '../../shared/api.ts';
import { listKey } from '../../shared/paged-list.ts';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';

/** The list a change of a level refreshes (and the requests' list, where a change may wait). */
export const VIP_LEVELS_LIST = 'vip-levels';

/** The levels with their members and the changes waiting (refreshed after every change). */
export const useVipLevels = () =>
  useQuery({
    queryKey: listKey(VIP_LEVELS_LIST),
    queryFn: ({ signal }) => adminCall(adminCalls.adminVipLevels, { signal }),
  });

/** Deletes the highest level (the server refuses another, or one with members). */
export const useDeleteVipLevel = (successText: () => string) =>
  useAdminMutation((level: number) => adminCall(adminCalls.adminDeleteVipLevel, { params: { level } }), {
    invalidates: [VIP_LEVELS_LIST],
    successText,
  });
