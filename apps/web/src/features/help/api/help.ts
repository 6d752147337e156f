import { contentCalls, type HelpCentre, type HelpItem } from '@kl/contracts/content';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { currentLanguage } from '../../../shared/lib/i18n.ts';

/** Query keys of the help centre (the same for everyone; by language). */
export const HELP_QUERY_KEY = ['help'] as const;

/** GET help centre (product.md §7: device MOBILE, lang): every topic with its items. */
export async function getHelpCentre({ signal }: { signal?: AbortSignal } = {}): Promise<HelpCentre> {
  return apiCall(contentCalls.helpCentre, { query: { device: 'MOBILE', lang: currentLanguage() }, signal });
}

/** GET one help item (the help detail). */
export async function getHelpItem(
  itemId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<HelpItem> {
  return apiCall(contentCalls.helpItem, { query: { itemId, lang: currentLanguage() }, signal });
}

export function useHelpCentre() {
  return useQuery({
    queryKey: [...HELP_QUERY_KEY, 'centre', currentLanguage()],
    queryFn: ({ signal }) => getHelpCentre({ signal }),
    staleTime: 5 * 60_000,
  });
}

export function useHelpItem(itemId: number | null) {
  return useQuery({
    queryKey: [...HELP_QUERY_KEY, 'item', itemId ?? 0, currentLanguage()],
    queryFn: ({ signal }) => getHelpItem(itemId ?? 0, { signal }),
    enabled: itemId !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
