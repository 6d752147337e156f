import { chatCalls } from '@kl/contracts/chat';
import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import { MERCHANT_TOGGLES, type StatusInfo } from '@kl/contracts/status';
import { screen, waitFor } from '@testing-library/react';
import { expect, type Mock } from 'vitest';
import { createSystemStatus } from './factories.ts';
import { callsTo } from './fake-api.ts';
import { storedSession } from './fake-data.ts';
import {
  announcementOf,
  answerMessages,
  CHAT_URL,
  inboxMessageOf,
  listOf,
  onTimed,
  type MessagesServer,
} from './fake-messages.ts';
import { findScreen, renderApp } from './render-app.tsx';

export interface OpenMessagesOptions extends Partial<MessagesServer> {
  /** Who looks: a member (default), a trial member or a visitor (who holds no session). */
  viewer?: 'visitor' | 'member' | 'trial';
  /** The merchant's CBS3 toggle (live chat); on unless told. */
  cbs3?: boolean;
}

/**
 * Renders the app at `path` with the answers of a messages server view (3 announcements and 3 inbox
 * messages, the first two unread, unless told), the browser holding the session of the viewer, and the
 * merchant's CBS3 toggle. Answers the view, which the test changes as the server would.
 */
export async function openWithMessages(path: string, options: OpenMessagesOptions = {}) {
  const { viewer = 'member', cbs3 = true, ...overrides } = options;
  const server: MessagesServer = {
    ...{ announcements: listOf(announcementOf), inbox: listOf(inboxMessageOf), chatUnread: 0 },
    ...overrides,
  };
  answerMessages(server);
  const toggles = Object.fromEntries(
    MERCHANT_TOGGLES.map((name) => [name, name === 'CBS3' && cbs3]),
  ) as StatusInfo['toggles'];
  const status = createSystemStatus({ info: { toggles } });
  const view = await renderApp(path, {
    status,
    cachedStatus: status,
    storage: viewer === 'visitor' ? {} : { [SESSION_STORAGE_KEY]: storedSession(viewer === 'trial' ? 4 : 0) },
  });
  await findScreen();
  return { ...view, server };
}

/**
 * Starts live chat with `start` (a tap) and expects "Please wait...", then the chat page the server
 * answered (`goToAddress`, the test's mock) 500 ms after the answer. Answers the launch request sent.
 */
export async function expectChatLaunched(
  start: () => Promise<void>,
  goToAddress: Mock<(url: string) => void>,
) {
  const answered = onTimed(chatCalls.launchChat, { chatUrl: CHAT_URL, unReadCount: 0 });
  let redirectedAt = 0;
  goToAddress.mockImplementation(() => {
    redirectedAt = Date.now();
  });
  await start();
  expect(await screen.findByText('Please wait...')).toBeInTheDocument();
  await waitFor(() => expect(goToAddress).toHaveBeenCalledWith(CHAT_URL), { timeout: 2_000 });
  expect(redirectedAt - answered[0]!).toBeGreaterThanOrEqual(495);
  return callsTo(chatCalls.launchChat)[0]!;
}
