import { BASE_PATH, fullPath } from '@kl/contracts/routes';
import {
  SANDBOX_LAUNCH_KINDS,
  type SandboxLaunchKind,
  type SandboxSession,
} from '@kl/contracts/sandbox-provider';
import { openProviderSession } from '../api/open-session.ts';

/**
 * The launch of the provider's client (/m/provider/<kind>?token=…&lang=…&lobby=…): the one-time token is
 * exchanged once for the provider's session, and the session kept for this tab under the token, so a
 * reload (the token still in the address) goes on playing instead of spending the token again.
 */

export const isLaunchKind = (kind: string | undefined): kind is SandboxLaunchKind =>
  (SANDBOX_LAUNCH_KINDS as readonly string[]).includes(kind ?? '');

const storageKey = (token: string) => `providerSession:${token}`;

export function readStoredSession(token: string): SandboxSession | null {
  try {
    const raw = window.sessionStorage.getItem(storageKey(token));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<SandboxSession>;
    if (typeof value.sessionId !== 'string' || typeof value.balance !== 'number') return null;
    return {
      sessionId: value.sessionId,
      playerName: typeof value.playerName === 'string' ? value.playerName : '',
      currency: typeof value.currency === 'string' ? value.currency : 'VND',
      balance: value.balance,
      gameId: typeof value.gameId === 'string' ? value.gameId : '',
      demo: value.demo === true,
    };
  } catch {
    return null;
  }
}

function storeSession(token: string, session: SandboxSession): void {
  try {
    window.sessionStorage.setItem(storageKey(token), JSON.stringify(session));
  } catch {
    // Without storage a reload asks the provider again (the same session within the token's life).
  }
}

/** Where this session came from: opened now, or kept from earlier in this tab. */
export interface OpenedSession {
  session: SandboxSession;
  stored: boolean;
}

/** One exchange per token and page, whatever number of times a screen mounts (StrictMode) or renders. */
const opening = new Map<string, Promise<OpenedSession>>();

export function openSessionOnce(token: string): Promise<OpenedSession> {
  const stored = readStoredSession(token);
  if (stored) return Promise.resolve({ session: stored, stored: true });
  let found = opening.get(token);
  if (!found) {
    found = openProviderSession(token).then((session) => {
      storeSession(token, session);
      return { session, stored: false };
    });
    // A refused or unanswered exchange may be tried again (a retry within the token's life answers the
    // same session); a successful one is kept.
    found.catch(() => opening.delete(token));
    opening.set(token, found);
  }
  return found;
}

/**
 * The lobby to go back to: the launch's `lobby` when it is a path of this site under /m (never another
 * origin, `//host` or a `javascript:` address), else home.
 */
export function lobbyPath(lobby: string | null): string {
  const home = fullPath('home');
  if (!lobby || !lobby.startsWith('/') || lobby.startsWith('//') || lobby.includes('\\')) return home;
  try {
    const origin = 'https://site.invalid';
    const url = new URL(lobby, origin);
    if (url.origin !== origin) return home;
    if (url.pathname !== BASE_PATH && !url.pathname.startsWith(`${BASE_PATH}/`)) return home;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return home;
  }
}
