import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from './api.ts';

/** The localised text of any error's catalogue code (contracts `ERROR_MESSAGES`, namespace `errors`). */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  return useCallback((error: unknown) => t(errorCodeOf(error), { ns: 'errors' }), [t]);
}
