import { useSystemStatus } from '../../system-status/index.ts';
import { appLinksOf, hasAppLinks, type AppLinks } from './app-links.ts';
import { currentPlatform, downloadsHidden, type Platform } from './platform.ts';

export interface AppDownloadOffer {
  links: AppLinks;
  platform: Platform;
  /** App links exist and the page is not inside the app or the installed web app. */
  offered: boolean;
  /** The merchant's links are known (the system status has arrived). */
  known: boolean;
}

/** What the download button, the download area and the side menu's promo offer. */
export function useAppDownload(): AppDownloadOffer {
  const { data: status } = useSystemStatus();
  const links = appLinksOf(status);
  const platform = currentPlatform();
  return {
    links,
    platform,
    offered: hasAppLinks(links) && !downloadsHidden(platform),
    known: status !== undefined,
  };
}
