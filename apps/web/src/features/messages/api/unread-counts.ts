import { TIMING_MS } from '@kl/contracts/constants';
import type { InboxUnreadCount } from '@kl/contracts/content-home';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { useSession } from '../../../shared/stores/session-store.ts';
import { useSystemStatus } from '../../system-status/index.ts';
import { perQueryClient, throttleCalls } from '../lib/throttle.ts';
import { ANNOUNCEMENT_UNREAD_QUERY_KEY, CHAT_UNREAD_QUERY_KEY, INBOX_UNREAD_QUERY_KEY } from './keys.ts';

/**
 * The unread counts of product.md §6 and §7, for the badges of the message centre and the side menu. They
 * are light to import (the schemas load with the call) and silent: a failure shows no message, the
 * badge just stays as it was; a session the server no longer knows is forgotten quietly.
 */

/** How often the inbox and chat counts are asked again while a badge shows them. */
export const UNREAD_POLL_MS = 60_000;

/** GET the member's unread (unclaimed) announcements. */
export async function getAnnouncementUnreadCount({ signal }: { signal?: AbortSignal } = {}) {
  const { contentHomeCalls } = await import('@kl/contracts/content-home');
  return (await apiCall(contentHomeCalls.announcementUnreadCount, { signal, quietSessionError: true }))
    .unreadCount;
}

export const announcementUnreadQueryOptions = (userName: string) =>
  queryOptions({
    queryKey: [...ANNOUNCEMENT_UNREAD_QUERY_KEY, userName],
    queryFn: ({ signal }) => getAnnouncementUnreadCount({ signal }),
    staleTime: 30_000,
  });

/** The unclaimed announcements of the member (trial members too); nothing for a visitor. */
export function useAnnouncementUnreadCount() {
  const { userName } = useSession();
  return useQuery({ ...announcementUnreadQueryOptions(userName ?? ''), enabled: userName !== null });
}

/** GET inbox unread count (INBOX3): `{ unreadCount, offered }`; trial members get offered false. */
export async function getInboxUnreadCount(): Promise<InboxUnreadCount> {
  const { contentHomeCalls } = await import('@kl/contracts/content-home');
  return apiCall(contentHomeCalls.inboxUnreadCount, { quietSessionError: true });
}

/**
 * The member's unread inbox messages (product.md §6: members who are not trial members). Asked at most once
 * per 250 ms (product.md §7), however many badges and invalidations ask, again every minute while shown
 * and when the tab comes back.
 */
export function useInboxUnreadCount() {
  const client = useQueryClient();
  const { userName, role } = useSession();
  const fetchCount = perQueryClient(client, `inbox-unread:${userName ?? ''}`, () =>
    throttleCalls(getInboxUnreadCount, TIMING_MS.unreadCountThrottle),
  );
  return useQuery({
    queryKey: [...INBOX_UNREAD_QUERY_KEY, userName ?? ''],
    queryFn: fetchCount,
    enabled: role === 'member',
    staleTime: 10_000,
    refetchInterval: UNREAD_POLL_MS,
    retry: false,
  });
}

/** GET unread chat count (CBS3): operator replies the member has not seen. */
export async function getChatUnreadCount(): Promise<number> {
  const { chatCalls } = await import('@kl/contracts/chat');
  return (await apiCall(chatCalls.chatUnread, { quietSessionError: true })).unReadCount;
}

export const chatUnreadQueryOptions = (userName: string, fetchCount: () => Promise<number>) =>
  queryOptions({
    queryKey: [...CHAT_UNREAD_QUERY_KEY, userName],
    queryFn: fetchCount,
    staleTime: 10_000,
    refetchInterval: UNREAD_POLL_MS,
    retry: false,
  });

/** Unread live chat replies (product.md §6: only with CBS3 on, for members who are not trial members; 250 ms). */
export function useChatUnreadCount() {
  const client = useQueryClient();
  const { userName, role } = useSession();
  const { data: status } = useSystemStatus();
  const fetchCount = perQueryClient(client, `chat-unread:${userName ?? ''}`, () =>
    throttleCalls(getChatUnreadCount, TIMING_MS.unreadCountThrottle),
  );
  return useQuery({
    ...chatUnreadQueryOptions(userName ?? '', fetchCount),
    enabled: role === 'member' && status?.info.toggles.CBS3 === true,
  });
}
