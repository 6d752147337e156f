import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast.ts';
import { useVendorStructure } from '../api/get-vendor-structure.ts';

/** A load this quick shows no loading message at all (no flash). */
export const HOME_LOAD_QUIET_MS = 400;

/**
 * product.md §4 home load: loading until the vendor data arrives. The vendor structure is asked at once
 * (the game sections and the footer need it); when it takes longer than a moment, the loading
 * message of product.md §9 (the long one of home) shows until it arrives or fails.
 */
export function HomeLoadStatus() {
  const { t } = useTranslation();
  const { isPending } = useVendorStructure();
  useEffect(() => {
    if (!isPending) return;
    let shown = false;
    const timer = window.setTimeout(() => {
      shown = true;
      void toast.loading(t('in_please_wait'), { untilCleared: true });
    }, HOME_LOAD_QUIET_MS);
    return () => {
      window.clearTimeout(timer);
      if (shown) void toast.clear();
    };
  }, [isPending, t]);
  return null;
}
