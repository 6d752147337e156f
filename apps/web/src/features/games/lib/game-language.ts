import { currentLanguage } from '../../../shared/lib/i18n.ts';

/** The language the game calls take (VI, EN …) from the site's language. */
export const gameLanguage = () => currentLanguage().toUpperCase();
