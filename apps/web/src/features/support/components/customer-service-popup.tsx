import { Suspense, useState } from 'react';
import { lazyWithPreload } from '../../../shared/lib/lazy-with-preload.ts';

const CustomerServiceSheet = lazyWithPreload(() => import('./customer-service-sheet.tsx'));

export interface CustomerServicePopupProps {
  /** Whether the popup is open. */
  visible: boolean;
  /** Called when the user closes it (close button, Escape, a tap on the mask) or follows a link. */
  onClose: () => void;
}

/**
 * The customer-service popup of product.md §2: a bottom sheet listing the merchant's customer-service
 * links. It may be rendered at all times: nothing (no antd-mobile, no request) is loaded until it is
 * first opened.
 */
export function CustomerServicePopup({ visible, onClose }: CustomerServicePopupProps) {
  const [used, setUsed] = useState(visible);
  if (visible && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <CustomerServiceSheet visible={visible} onClose={onClose} />
    </Suspense>
  );
}

/** Fetches the popup's code ahead of the first opening (for example when its button shows). */
export const preloadCustomerServicePopup = () => CustomerServiceSheet.preload();
