import { GAME_RECORD_PAGE_SIZE, type GameRecords, gameRecordsCalls } from '@kl/contracts/game-records';
import type { GameType } from '@kl/contracts/games';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { useSession } from '../../../shared/stores/session-store.ts';
import { MEMBER_GAME_RECORDS_KEY } from './keys.ts';

export interface GameRecordFilter {
  gameType?: GameType;
  /** ISO 8601 with offset, inclusive. */
  from?: string;
  /** ISO 8601 with offset, exclusive. */
  to?: string;
}

/** GET gameRecords: one page of the member's rounds, newest first, with the totals of the filter. */
export async function getGameRecords(
  filter: GameRecordFilter,
  pageNo: number,
  { signal, pageSize = GAME_RECORD_PAGE_SIZE.default }: { signal?: AbortSignal; pageSize?: number } = {},
): Promise<GameRecords> {
  const query = {
    pageNo,
    pageSize,
    gameType: filter.gameType || undefined,
    from: filter.from || undefined,
    to: filter.to || undefined,
  };
  return apiCall(gameRecordsCalls.gameRecords, { query, signal });
}

/** The member's game records for a filter, page after page (nothing while `enabled` is false). */
export function useGameRecordPages(filter: GameRecordFilter, enabled = true) {
  const { userName } = useSession();
  return useInfiniteQuery({
    queryKey: [...MEMBER_GAME_RECORDS_KEY, userName ?? '', filter],
    queryFn: ({ pageParam, signal }) => getGameRecords(filter, pageParam, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum < last.totalPages ? last.pageNum + 1 : undefined),
    enabled: enabled && userName !== null,
    staleTime: 10_000,
    retry: false,
  });
}
