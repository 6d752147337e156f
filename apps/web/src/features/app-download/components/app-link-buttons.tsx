import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { iosDownloadOf, type AppLinks } from '../lib/app-links.ts';
import { onReturnToPage, showAlert } from '../lib/ios-profile.ts';
import type { Platform } from '../lib/platform.ts';
import { AndroidIcon, AppleIcon } from './icons.tsx';

function NewTabLink({ href, icon, label }: { href: string; icon: ReactNode; label: string }) {
  const { t } = useTranslation();
  return (
    <a className="kl-app-link" href={href} target="_blank" rel="noopener noreferrer">
      {icon}
      <span>{label}</span>
      <span className="kl-visually-hidden"> ({t('common.opensInNewTab')})</span>
    </a>
  );
}

/**
 * The app buttons (product.md §2 app buttons, §4 iOS download): iOS by the rules of `iosDownloadOf`, then
 * Android and the second Android app; each only when the merchant has its link.
 */
export function AppLinkButtons({ links, platform }: { links: AppLinks; platform: Platform }) {
  const { t } = useTranslation();
  const stopWaiting = useRef<(() => void) | null>(null);
  useEffect(() => () => stopWaiting.current?.(), []);
  const ios = iosDownloadOf(links, platform);
  const iosLabel = t('appDownload.ios');

  let iosButton: ReactNode = null;
  if (ios?.kind === 'open') {
    iosButton = <NewTabLink href={ios.url} icon={<AppleIcon />} label={iosLabel} />;
  } else if (ios?.kind === 'profile') {
    iosButton = (
      <a
        className="kl-app-link"
        href={ios.url}
        onClick={() => {
          stopWaiting.current?.();
          stopWaiting.current = onReturnToPage(() => {
            stopWaiting.current = null;
            void showAlert(t('appDownload.goToSettings'), t('appDownload.ok'));
          });
        }}
      >
        <AppleIcon />
        <span>{iosLabel}</span>
      </a>
    );
  } else if (ios?.kind === 'use-safari') {
    iosButton = (
      <button
        type="button"
        className="kl-app-link"
        onClick={() => void showAlert(t('appDownload.useSafari'), t('appDownload.ok'))}
      >
        <AppleIcon />
        <span>{iosLabel}</span>
      </button>
    );
  }

  return (
    <ul className="kl-app-links" data-testid="app-links">
      {iosButton && <li>{iosButton}</li>}
      {links.android && (
        <li>
          <NewTabLink href={links.android} icon={<AndroidIcon />} label={t('appDownload.android')} />
        </li>
      )}
      {links.android2 && (
        <li>
          <NewTabLink href={links.android2} icon={<AndroidIcon />} label={t('appDownload.android2')} />
        </li>
      )}
    </ul>
  );
}
