import { HOME_PATH } from '@kl/contracts/routes';
import type { SessionInfo } from '@kl/contracts/accounts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { MEMBER_QUERY_KEY } from '../api/get-member-info.ts';

/** Starts a session from a server answer: the store, the member's queries fetched afresh. */
export function useStartSession() {
  const queryClient = useQueryClient();
  const setSession = useSessionStore((state) => state.setSession);
  return (info: SessionInfo) => {
    queryClient.removeQueries({ queryKey: MEMBER_QUERY_KEY });
    setSession(info);
  };
}

/** Where to go after logging in: the gated page the visitor wanted, else home. */
export function useAfterLogin() {
  const navigate = useNavigate();
  return (from: unknown) => {
    const target = typeof from === 'string' && from.startsWith('/m/') ? from : HOME_PATH;
    void navigate(target, { replace: true });
  };
}
