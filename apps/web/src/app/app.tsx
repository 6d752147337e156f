import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { MEMBER_QUERY_KEY } from '../features/auth/index.ts';
import { onLanguageChanged } from '../shared/lib/i18n.ts';
import { useSessionStore } from '../shared/stores/session-store.ts';
import { AppRoutes } from './router.tsx';
import { StatusGate } from './status-gate.tsx';

/** Server texts follow Accept-Language: a language change refreshes what the server said. */
function RefetchOnLanguageChange({ queryClient }: { queryClient: QueryClient }) {
  useEffect(() => onLanguageChanged(() => void queryClient.invalidateQueries()), [queryClient]);
  return null;
}

/** A session that ends (logout, or refused by the server) takes the member's data with it. */
function ForgetMemberDataOnSessionEnd({ queryClient }: { queryClient: QueryClient }) {
  useEffect(
    () =>
      useSessionStore.subscribe((state, previous) => {
        if (previous.info !== null && state.info === null)
          queryClient.removeQueries({ queryKey: MEMBER_QUERY_KEY });
      }),
    [queryClient],
  );
  return null;
}

const inBrowser = (routes: ReactNode) => <BrowserRouter>{routes}</BrowserRouter>;

/**
 * Declarative routing (BrowserRouter): the data router would add ~16 KB gzip to the first load
 * for loaders and actions this app does not use (server data lives in TanStack Query). The server
 * rendering of home (docs/decisions/005-web-first-load.md) gives its own router (a static one).
 */
export function App({
  queryClient,
  router = inBrowser,
}: {
  queryClient: QueryClient;
  router?: (routes: ReactNode) => ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <RefetchOnLanguageChange queryClient={queryClient} />
      <ForgetMemberDataOnSessionEnd queryClient={queryClient} />
      <StatusGate>{router(<AppRoutes />)}</StatusGate>
    </QueryClientProvider>
  );
}
