import { adminCalls } from '@kl/contracts/admin/calls';
import { useQuery } from '@tanstack/react-query';
import { adminCall } from '../../shared/api.ts';
import { listKey } from '../../shared/paged-list.ts';

/** The merchant's vocabulary of tags, with how many members carry each (refreshed when a tag changes). */
export function useMemberTags() {
  return useQuery({
    queryKey: listKey('memberTags'),
    queryFn: ({ signal }) => adminCall(adminCalls.adminMemberTags, { signal }),
  });
}
