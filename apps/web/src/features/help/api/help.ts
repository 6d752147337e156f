import { helpCentre, helpItem, type HelpCentre, type HelpItem } from '@kl/contracts/content';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { currentLanguage } from '../../../shared/lib/i18n.ts';
import { parseAnswer } from './parse.ts';

/** Query keys of the help centre (the same for everyone; by language). */
export const HELP_QUERY_KEY = ['help'] as const;

/** GET help centre (product.md §7: device MOBILE, lang): every topic with its items. */
export async function getHelpCentre({ signal }: { signal?: AbortSignal } = {}): Promise<HelpCentre> {
  const value = await apiCall('helpCentre', { query: { device: 'MOBILE', lang: currentLanguage() }, signal });
  return parseAnswer(helpCentre, value, 'help centre');
}

/** GET one help item (the help detail). */
export async function getHelpItem(
  itemId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<HelpItem> {
  const value = await apiCall('helpItem', { query: { itemId, lang: currentLanguage() }, signal });
  return parseAnswer(helpItem, value, 'help item');
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
