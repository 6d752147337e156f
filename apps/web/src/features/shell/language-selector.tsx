import { LANGUAGES, isLocale } from '@kl/contracts/i18n';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, currentLanguage } from '../../shared/lib/i18n.ts';

/**
 * Every language of product.md §9 by its native name; those without a complete translation are shown
 * disabled with a note. The choice is remembered (localStorage `lang`) and checked at once; the texts
 * follow once it has settled (`chooseLanguage`).
 */
export function LanguageSelector() {
  const { t } = useTranslation();
  const id = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const current = chosen ?? currentLanguage();
  return (
    <section className="kl-side-menu__section">
      <h2 id={`${id}-label`} className="kl-side-menu__heading">
        {t('sideMenu.language')}
      </h2>
      <div role="radiogroup" aria-labelledby={`${id}-label`} className="kl-language">
        {LANGUAGES.map((language) => {
          const tag = language.tag;
          const available = language.complete && isLocale(tag);
          return (
            <label
              key={language.code}
              className={
                available ? 'kl-language__label' : 'kl-language__label kl-language__label--unavailable'
              }
            >
              <input
                type="radio"
                name={`${id}-language`}
                value={tag}
                checked={available && current === tag}
                disabled={!available}
                aria-describedby={available ? undefined : `${id}-note`}
                onChange={() => {
                  if (!isLocale(tag)) return;
                  setChosen(tag);
                  chooseLanguage(tag);
                }}
              />
              <span lang={tag}>{language.nativeName}</span>
            </label>
          );
        })}
      </div>
      <p id={`${id}-note`} className="kl-language__note">
        {t('sideMenu.translationUnavailable')}
      </p>
    </section>
  );
}
