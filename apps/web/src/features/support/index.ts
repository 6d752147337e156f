import { lazyWithPreload } from '../../shared/lib/lazy-with-preload.ts';

/**
 * Customer service (product.md §2 customer service popup, /m/service; §4 Live chat): the popup other
 * features open, the live chat launch, the merchant's service links and the /m/service screen.
 * Nothing here loads zod or antd-mobile until it is used.
 */
export {
  CustomerServicePopup,
  preloadCustomerServicePopup,
  type CustomerServicePopupProps,
} from './components/customer-service-popup.tsx';
export { useLaunchLiveChat } from './hooks/use-launch-live-chat.ts';
export { SERVICE_LINKS_QUERY_KEY, useServiceLinks } from './api/get-service-links.ts';

export const ServiceScreen = lazyWithPreload(() => import('./service-screen.tsx'));
