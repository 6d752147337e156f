import type { LaunchChatQuery, LaunchChatResult } from '@kl/contracts/chat';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { parseAnswer } from './parse.ts';

/**
 * GET launch-chat (product.md §7, CBS3): the chat page address (value.chatUrl, carrying a one-time token)
 * and the unread count. The server adds b2c=1 and puts the language in upper case.
 */
export async function launchChat(query: LaunchChatQuery): Promise<LaunchChatResult> {
  const [{ launchChatResult }, value] = await Promise.all([
    import('@kl/contracts/chat'),
    apiCall('launchChat', { query: { ...query } }),
  ]);
  return parseAnswer(launchChatResult, value, 'live chat launch');
}
