import { HOME_PATH } from '@kl/contracts/routes';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAppDownload } from '../lib/use-app-download.ts';
import { DownloadIcon } from './icons.tsx';

const DownloadPopup = lazy(() => import('./download-popup.tsx'));

/**
 * The header's download button (product.md §2): on home only, when the merchant has app links and the page
 * is not inside the app or the installed web app. It opens the app download popup (its own chunk).
 */
export function HeaderDownloadButton() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { offered } = useAppDownload();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const onHome = pathname.replace(/\/+$/, '').toLowerCase() === HOME_PATH.toLowerCase();
  if (!offered || !onHome) return null;
  const preload = () => void import('./download-popup.tsx').catch(() => undefined);
  return (
    <>
      <button
        type="button"
        className="kl-icon-button"
        aria-label={t('header.download')}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="header-download"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <DownloadIcon />
      </button>
      {used && (
        <Suspense fallback={null}>
          <DownloadPopup open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
