import { TOAST_MS } from '@kl/contracts/constants';
import { useCallback, useEffect, useRef } from 'react';
import { toast } from '../../../shared/ui/toast.ts';

/**
 * An error toast that stays only `durationMs` (by default the 1 s of TOAST_MS.success), for the
 * short messages of product.md §5 ("invitation-code error for 1 s"). A newer one restarts the time; the
 * toast goes with the component.
 */
export function useBriefErrorToast(durationMs: number = TOAST_MS.success): (text: string) => void {
  const timer = useRef<number | undefined>(undefined);
  useEffect(
    () => () => {
      if (timer.current === undefined) return;
      window.clearTimeout(timer.current);
      void toast.clear();
    },
    [],
  );
  return useCallback(
    (text: string) => {
      window.clearTimeout(timer.current);
      void toast.error(text);
      timer.current = window.setTimeout(() => {
        timer.current = undefined;
        void toast.clear();
      }, durationMs);
    },
    [durationMs],
  );
}
