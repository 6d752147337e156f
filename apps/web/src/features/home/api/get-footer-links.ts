import type { FooterLinks } from '@kl/contracts/content-home';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { CONTENT_QUERY_KEY, loadContentCalls } from './keys.ts';

/** GET footer links: partner logos, badges and social links of the home footer. */
export async function getFooterLinks({ signal }: { signal?: AbortSignal } = {}): Promise<FooterLinks> {
  const { contentHomeCalls } = await loadContentCalls();
  return apiCall(contentHomeCalls.footerLinks, { signal });
}

export const footerLinksQueryOptions = () =>
  queryOptions({
    queryKey: [...CONTENT_QUERY_KEY, 'footer-links'],
    queryFn: ({ signal }) => getFooterLinks({ signal }),
    staleTime: 10 * 60_000,
  });

export function useFooterLinks() {
  return useQuery(footerLinksQueryOptions());
}
