import type { LaunchChatQuery, LaunchChatResult } from '@kl/contracts/chat';
import { apiCall } from '../../../shared/lib/api-client.ts';

/**
 * GET launch-chat (product.md §7, CBS3): the chat page address (value.chatUrl, carrying a one-time token)
 * and the unread count. The server adds b2c=1 and puts the language in upper case. The chat calls (and
 * zod) are loaded on the first launch, not with the page.
 */
export async function launchChat(query: LaunchChatQuery): Promise<LaunchChatResult> {
  const { chatCalls } = await import('@kl/contracts/chat');
  return apiCall(chatCalls.launchChat, { query: { ...query } });
}
