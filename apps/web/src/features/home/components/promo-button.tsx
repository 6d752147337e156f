import type { Banner } from '@kl/contracts/content';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GiftIcon } from './icons.tsx';

const PromoDialog = lazy(() => import('./promo-dialog.tsx'));

/**
 * The floating promo button of product.md §2, present only when there are banners of group m_popup; it
 * opens them in a dialog (its own chunk, fetched when first wanted).
 */
export function PromoButton({ banners }: { banners: readonly Banner[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  if (banners.length === 0) return null;
  const preload = () => void import('./promo-dialog.tsx').catch(() => undefined);
  return (
    <>
      <button
        type="button"
        className="kl-promo-button"
        aria-label={t('home.promo.open')}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="promo-button"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <GiftIcon />
      </button>
      {used && (
        <Suspense fallback={null}>
          <PromoDialog banners={banners} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
