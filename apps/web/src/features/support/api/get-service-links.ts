import { CACHE_KEYS } from '@kl/contracts/constants';
import type { ServiceLinks } from '@kl/contracts/content-home';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { currentLanguage } from '../../../shared/lib/i18n.ts';
import { storage } from '../../../shared/lib/storage.ts';

/** Query key of the customer-service, resource and social links (GET service). */
export const SERVICE_LINKS_QUERY_KEY = ['service-links'] as const;

/**
 * GET service (product.md §7): the merchant's customer-service links (every csType), resources and social
 * links. The answer is kept in localStorage `service_link` (product.md §9) and shown from there while the
 * next visit asks again. The schema (zod) is loaded with the call, not with the page.
 */
export async function getServiceLinks({ signal }: { signal?: AbortSignal } = {}): Promise<ServiceLinks> {
  const { contentHomeCalls } = await import('@kl/contracts/content-home');
  const links = await apiCall(contentHomeCalls.service, { signal });
  storage.set(CACHE_KEYS.serviceLink, JSON.stringify(links));
  return links;
}

const isRecordArray = (value: unknown): value is Record<string, unknown>[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'object' && item !== null);

/** The cached answer of the last visit, when it still has the expected shape. */
export function readCachedServiceLinks(): ServiceLinks | undefined {
  const raw = storage.get(CACHE_KEYS.serviceLink);
  if (raw === null) return undefined;
  try {
    const cached = JSON.parse(raw) as Record<string, unknown> | null;
    if (
      cached &&
      isRecordArray(cached.customerService) &&
      cached.customerService.every(
        (link) => typeof link.csType === 'string' && typeof link.path === 'string',
      ) &&
      isRecordArray(cached.resources) &&
      cached.resources.every(
        (link) => typeof link.resourceType === 'string' && typeof link.url === 'string',
      ) &&
      isRecordArray(cached.socialLinks) &&
      cached.socialLinks.every((link) => typeof link.type === 'string' && typeof link.url === 'string')
    ) {
      return cached as unknown as ServiceLinks;
    }
  } catch {
    // A cache that does not parse is ignored; the server's answer replaces it.
  }
  storage.remove(CACHE_KEYS.serviceLink);
  return undefined;
}

export const serviceLinksQueryOptions = () =>
  queryOptions<ServiceLinks, Error, ServiceLinks, readonly string[]>({
    queryKey: [...SERVICE_LINKS_QUERY_KEY, currentLanguage()],
    queryFn: ({ signal }) => getServiceLinks({ signal }),
    placeholderData: () => readCachedServiceLinks(),
    staleTime: 5 * 60_000,
  });

/** The customer-service, resource and social links of the merchant. */
export function useServiceLinks() {
  return useQuery(serviceLinksQueryOptions());
}
