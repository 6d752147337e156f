import { useTranslation } from 'react-i18next';
import { useUiStore } from '../../shared/stores/ui-store.ts';

/** Dark (default) or light theme, remembered in localStorage `theme`. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const theme = useUiStore((state) => state.theme);
  const setTheme = useUiStore((state) => state.setTheme);
  return (
    <label className="kl-switch">
      <span className="kl-switch__label">{t('sideMenu.lightTheme')}</span>
      <input
        type="checkbox"
        role="switch"
        className="kl-switch__input"
        checked={theme === 'light'}
        onChange={(event) => setTheme(event.target.checked ? 'light' : 'dark')}
      />
      <span className="kl-switch__track" aria-hidden="true" />
    </label>
  );
}
