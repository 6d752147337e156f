import 'i18next';
import type { ErrorCode } from '@kl/contracts/errors';
import type translation from './locales/vi.json';

/** Keys are typed from the default locale file: a key missing from vi.json fails the typecheck. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof translation;
      errors: Record<ErrorCode, string>;
    };
  }
}
