import type { SessionInfo } from '@kl/contracts/member-session';
import { TRIAL_MEMBER_TYPE } from '@kl/contracts/member-types';
import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import { create } from 'zustand';
import { storage } from '../lib/storage.ts';

/**
 * The session as the browser believes it to be (product.md §3 Session): the `sessionInfo` the server
 * answered at login, kept in localStorage MC_SESSION_INFO. The secret itself is an HttpOnly cookie
 * the page never sees; the server is the judge, and any call it refuses for want of a session
 * clears this (see api-client.ts). Part of the first load: no zod here.
 */
export type Role = 'visitor' | 'member' | 'trial';

/** The autoLogin flag of product.md §3/§4: 1 after a login, 0 after a logout. */
export const AUTO_LOGIN_KEY = 'autoLogin';

/**
 * Who is signed in, as the screens read it: the stored session without its end, which only the next
 * page load reads (from storage). A renewal, which moves only the end, then changes nothing the screens
 * read, and none of them is drawn again for it (docs/performance.md).
 */
export type SignedIn = Omit<SessionInfo, 'expiresAt'>;

const signedInOf = ({ userName, merchantCode, type, firstTimeLogin }: SessionInfo): SignedIn => ({
  userName,
  merchantCode,
  type,
  firstTimeLogin,
});

const sameSignedIn = (current: SignedIn | null, next: SessionInfo): boolean =>
  current !== null &&
  current.userName === next.userName &&
  current.merchantCode === next.merchantCode &&
  current.type === next.type &&
  current.firstTimeLogin === next.firstTimeLogin;

export interface SessionState {
  info: SignedIn | null;
  /** Starts a session from a server answer (login, registration, trial login), or renews it. */
  setSession: (info: SessionInfo) => void;
  /** Forgets the session (logout, or the server refused it). */
  clearSession: () => void;
}

const isSessionInfo = (value: unknown): value is SessionInfo => {
  if (typeof value !== 'object' || value === null) return false;
  const info = value as Record<string, unknown>;
  return (
    typeof info.userName === 'string' &&
    info.userName !== '' &&
    typeof info.merchantCode === 'string' &&
    typeof info.type === 'number' &&
    typeof info.firstTimeLogin === 'boolean' &&
    typeof info.expiresAt === 'string'
  );
};

/** The stored session, unless missing, malformed or past its end (then it is removed). */
export function readStoredSession(now = Date.now()): SessionInfo | null {
  const raw = storage.get(SESSION_STORAGE_KEY);
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  const expiresAt = isSessionInfo(parsed) ? Date.parse(parsed.expiresAt) : Number.NaN;
  if (!isSessionInfo(parsed) || !(expiresAt > now)) {
    storage.remove(SESSION_STORAGE_KEY);
    return null;
  }
  return parsed;
}

export const useSessionStore = create<SessionState>()((set) => ({
  info: null,
  setSession: (info) => {
    storage.set(SESSION_STORAGE_KEY, JSON.stringify(info));
    storage.set(AUTO_LOGIN_KEY, '1');
    set((state) => (sameSignedIn(state.info, info) ? state : { info: signedInOf(info) }));
  },
  clearSession: () => {
    storage.remove(SESSION_STORAGE_KEY);
    set({ info: null });
  },
}));

/** Reads the stored session at page load. */
export function initSessionStore(): SessionInfo | null {
  const info = readStoredSession();
  useSessionStore.setState({ info: info && signedInOf(info) });
  return info;
}

export const roleOf = (info: SignedIn | null): Role =>
  info === null ? 'visitor' : info.type === TRIAL_MEMBER_TYPE ? 'trial' : 'member';

/** The current session, its role and user name. */
export function useSession() {
  const info = useSessionStore((state) => state.info);
  return { info, role: roleOf(info), userName: info?.userName ?? null };
}
