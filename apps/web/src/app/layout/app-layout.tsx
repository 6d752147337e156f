import { chromeFor } from '@kl/contracts/routes';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { RealityCheck } from '../../features/responsible-gaming/index.ts';
import { SideMenu } from '../../features/shell/index.ts';
import { useSystemStatus } from '../../features/system-status/index.ts';
import { useLiveBalance } from '../../features/wallet/index.ts';
import { useLanguageFromQuery } from '../../shared/hooks/use-language-from-query.ts';
import { setSiteTimeZone } from '../../shared/lib/date-format.ts';
import { useUiStore } from '../../shared/stores/ui-store.ts';
import { documentTitle, useCurrentRoute, useRouteTitle } from '../route-meta.ts';
import { FooterMenu } from './footer-menu.tsx';
import { RouteLoading } from './route-loading.tsx';
import { ScreenErrorBoundary } from './screen-error-boundary.tsx';
import { SpecialHeader } from './special-header.tsx';
import { TitleHeader } from './title-header.tsx';
import { usePageTransition } from './use-page-transition.ts';

/**
 * The frame of every screen: header and footer by the rules of product.md §2 (contracts `chromeFor`),
 * the screen, and the side menu (downloaded when first opened).
 */
export function AppLayout() {
  const route = useCurrentRoute();
  const title = useRouteTitle(route);
  const chrome = route ? chromeFor(route.page) : undefined;
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const { data: status } = useSystemStatus();
  const siteName = status?.info.whitelabel.siteName;
  // Times are shown in the merchant's zone from the first render that knows it (formatSiteDateTime).
  setSiteTimeZone(status?.info.timeZone);
  const sideMenuOpen = useUiStore((state) => state.sideMenuOpen);
  const closeSideMenu = useUiStore((state) => state.closeSideMenu);
  const category = useUiStore((state) => state.category);
  const [sideMenuUsed, setSideMenuUsed] = useState(false);
  const main = useRef<HTMLElement>(null);
  usePageTransition(main);
  if (sideMenuOpen && !sideMenuUsed) setSideMenuUsed(true);

  useLanguageFromQuery();
  // The signed-in member's balance, live once the page is idle (docs/decisions/041-live-updates.md).
  useLiveBalance();

  // Setting the title costs the browser a few milliseconds even when it does not change (the page the
  // server rendered has it already): it is set only when it differs.
  const pageTitle = documentTitle(title, siteName);
  useEffect(() => {
    if (pageTitle && document.title !== pageTitle) document.title = pageTitle;
  }, [pageTitle]);

  // A navigation (link, back button) closes the menu; a new page starts at its top.
  useEffect(() => closeSideMenu(), [pathname, closeSideMenu]);
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);

  return (
    <div className={chrome?.footer ? 'kl-app kl-app--with-footer' : 'kl-app'}>
      {chrome?.header === 'special' && <SpecialHeader />}
      {chrome?.header === 'title' && <TitleHeader title={title} back={chrome.back} />}
      <main ref={main} className="kl-main" data-category={category}>
        <ScreenErrorBoundary key={pathname}>
          <Suspense fallback={<RouteLoading />}>
            <Outlet />
          </Suspense>
        </ScreenErrorBoundary>
      </main>
      {chrome?.footer && <FooterMenu />}
      {sideMenuUsed && (
        <Suspense fallback={null}>
          <SideMenu />
        </Suspense>
      )}
      <RealityCheck />
    </div>
  );
}
