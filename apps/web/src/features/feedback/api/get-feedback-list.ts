import { FEEDBACK_PAGE_SIZE, feedbackCalls, type FeedbackList } from '@kl/contracts/feedback';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { useSession } from '../../../shared/stores/session-store.ts';
import { FEEDBACK_PAGES_QUERY_KEY } from './keys.ts';

/** GET feedback (FEEDBACK3): a page of the member's own feedback, newest first, with its images. */
export async function getFeedbackPage(
  pageNo: number,
  { signal, pageSize = FEEDBACK_PAGE_SIZE }: { signal?: AbortSignal; pageSize?: number } = {},
): Promise<FeedbackList> {
  return apiCall(feedbackCalls.feedbackList, { query: { pageNo, pageSize }, signal });
}

export const feedbackPagesKey = (userName: string | null) =>
  [...FEEDBACK_PAGES_QUERY_KEY, userName ?? ''] as const;

/** The member's earlier feedback, page after page. */
export function useFeedbackPages() {
  const { userName } = useSession();
  const query = useInfiniteQuery({
    queryKey: feedbackPagesKey(userName),
    queryFn: ({ pageParam, signal }) => getFeedbackPage(pageParam, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum < last.totalPages ? last.pageNum + 1 : undefined),
    enabled: userName !== null,
    staleTime: 10_000,
  });
  const items = query.data?.pages.flatMap((page) => page.list) ?? [];
  return { ...query, items };
}
