import { isLocale } from '@kl/contracts/i18n';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { setLanguage } from '../lib/i18n.ts';

/** `?lang=vi|en` on any page switches the language and remembers it (also after in-app navigation). */
export function useLanguageFromQuery(): void {
  const [params] = useSearchParams();
  const requested = params.get('lang')?.toLowerCase();
  useEffect(() => {
    if (isLocale(requested)) void setLanguage(requested);
  }, [requested]);
}
