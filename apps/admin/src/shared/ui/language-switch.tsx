import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES, setLanguage, type Language } from '../i18n.ts';

/** Each language named in itself, as its speakers look for it. */
const NAMES: Record<Language, string> = { vi: 'Tiếng Việt', en: 'English' };

/** The interface language (remembered in localStorage `kl_admin_lang`). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const value = isLanguage(i18n.language) ? i18n.language : 'vi';
  return (
    <Select<Language>
      aria-label={t('common.language')}
      value={value}
      onChange={(language) => void setLanguage(language)}
      options={LANGUAGES.map((language) => ({ value: language, label: NAMES[language] }))}
      style={{ width: 130 }}
    />
  );
}
