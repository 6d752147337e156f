import { isLocale } from '@kl/contracts/i18n';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { setLanguage } from '../lib/i18n.ts';

/**
 * `?lang=vi|en` on an in-app navigation switches the language and remembers it (localStorage). On the
 * address the page is opened at, bootstrap applies it and takes it out of the address.
 */
export function useLanguageFromQuery(): void {
  const [params] = useSearchParams();
  const requested = params.get('lang')?.toLowerCase();
  useEffect(() => {
    if (isLocale(requested)) void setLanguage(requested);
  }, [requested]);
}
