import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import viVN from 'antd/locale/vi_VN';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { ADMIN_BASE_PATH } from '@kl/contracts/admin/auth';
import { OPERATOR_QUERY_KEY } from '../shared/session.ts';
import { onSessionEnded } from '../shared/session-events.ts';
import { AdminRoutes } from './routes.tsx';
import { adminTheme, prefersReducedMotion } from './theme.ts';

/**
 * Popups (confirmations, dropdowns, date pickers) open inside the page's <main> when their trigger is
 * in it, so that their content is inside a landmark like the rest of the page.
 */
const popupContainer = (trigger?: HTMLElement) => trigger?.closest('main') ?? document.body;

/** Every query but the signed-in operator's. */
const NOT_THE_OPERATOR = {
  predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey[1] !== OPERATOR_QUERY_KEY[1],
};

/**
 * When the session ends (a call refused it, or sign-out), the operator is forgotten, which shows
 * sign-in, and so is every other answer they were allowed to see.
 */
function ForgetOperatorOnSessionEnd({ queryClient }: { queryClient: QueryClient }) {
  useEffect(
    () =>
      onSessionEnded(() => {
        void queryClient.cancelQueries(NOT_THE_OPERATOR);
        queryClient.removeQueries(NOT_THE_OPERATOR);
        queryClient.setQueryData(OPERATOR_QUERY_KEY, null);
      }),
    [queryClient],
  );
  return null;
}

/** Server texts follow Accept-Language: a language change refreshes what the server said. */
function RefetchOnLanguageChange({ queryClient }: { queryClient: QueryClient }) {
  const { i18n } = useTranslation();
  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries(NOT_THE_OPERATOR);
    i18n.on('languageChanged', refetch);
    return () => i18n.off('languageChanged', refetch);
  }, [i18n, queryClient]);
  return null;
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  const { i18n } = useTranslation();
  const [theme] = useState(() => adminTheme(prefersReducedMotion()));
  return (
    <QueryClientProvider client={queryClient}>
      <ForgetOperatorOnSessionEnd queryClient={queryClient} />
      <RefetchOnLanguageChange queryClient={queryClient} />
      <ConfigProvider
        locale={i18n.language === 'en' ? enUS : viVN}
        theme={theme}
        getPopupContainer={popupContainer}
      >
        <AntdApp>
          {/* Navigation renders at once, not as a transition: screens load with TanStack Query, not Suspense. */}
          <BrowserRouter basename={ADMIN_BASE_PATH} useTransitions={false}>
            <AdminRoutes />
          </BrowserRouter>
        </AntdApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
