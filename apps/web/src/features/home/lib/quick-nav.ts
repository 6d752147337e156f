import { fullPath } from '@kl/contracts/routes';
import type { SystemStatus } from '@kl/contracts/status';
import { safeLinkUrl } from '../../../shared/lib/url.ts';
import type { Role } from '../../../shared/stores/session-store.ts';

export type QuickNavKey = 'telegram' | 'app' | 'vip' | 'deposit' | 'withdraw' | 'service';

/**
 * An item of the quick-nav bar: a page of the site (gated pages send a visitor to /m/login, who comes
 * back after logging in), another site (new tab), the customer-service popup, or a message instead of
 * a page.
 */
export type QuickNavItem =
  | { key: QuickNavKey; kind: 'route'; to: string }
  | { key: QuickNavKey; kind: 'external'; href: string }
  | { key: QuickNavKey; kind: 'customer-service' }
  | { key: QuickNavKey; kind: 'message'; message: 'contactService' | 'actualAccountRequired' };

/**
 * The quick-nav bar of product.md §2, each item only when its link exists:
 * - Telegram: the merchant's TELEGRAM resource, else its Telegram customer-service link;
 * - app: /m/app when there is an app to download here;
 * - VIP (product.md §4): the benefits when showVipBenefit is on, else the contact-service message for a
 *   logged-in member; visitors go to the benefits, which sends them to log in first (product.md §6);
 * - deposit (product.md §4): /m/voucherCenter, refused to trial accounts ('actual account required');
 * - withdraw: /m/withdraw;
 * - customer service: the customer-service popup when the merchant has a live chat or
 *   customer-service link.
 */
export function quickNavItems({
  status,
  role,
  appOffered,
}: {
  status: SystemStatus | undefined;
  role: Role;
  appOffered: boolean;
}): QuickNavItem[] {
  const info = status?.info;
  const items: QuickNavItem[] = [];
  const telegram = safeLinkUrl(
    info?.resources.find((resource) => resource.resourceType === 'TELEGRAM')?.url ??
      info?.customerService.find((link) => link.csType === 'TELEGRAM')?.path,
  );
  if (telegram) items.push({ key: 'telegram', kind: 'external', href: telegram });
  if (appOffered) items.push({ key: 'app', kind: 'route', to: fullPath('app') });

  // The member pages are gated: a visitor is sent to /m/login and brought back.
  if (role === 'visitor' || info?.toggles.showVipBenefit)
    items.push({ key: 'vip', kind: 'route', to: fullPath('member/benefits') });
  else items.push({ key: 'vip', kind: 'message', message: 'contactService' });

  if (role === 'trial') items.push({ key: 'deposit', kind: 'message', message: 'actualAccountRequired' });
  else items.push({ key: 'deposit', kind: 'route', to: fullPath('voucherCenter') });
  items.push({ key: 'withdraw', kind: 'route', to: fullPath('withdraw') });

  const service = info?.customerService.some((link) => link.csType === 'LIVECHAT' || link.csType === 'CS');
  if (service) items.push({ key: 'service', kind: 'customer-service' });
  return items;
}
