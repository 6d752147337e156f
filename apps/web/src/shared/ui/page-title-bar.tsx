import { useTranslation } from 'react-i18next';
import { BackIcon } from './icons.tsx';
import './page-title-bar.css';

/** A bar with a back arrow and the page title (`<h1>`), centred. */
export function PageTitleBar({
  title,
  onBack,
  backTarget,
}: {
  title: string;
  onBack: () => void;
  /** Where the arrow goes, exposed as `data-back` for tests and styling. */
  backTarget: 'home' | 'history';
}) {
  const { t } = useTranslation();
  return (
    <div className="kl-title-bar">
      <button
        type="button"
        className="kl-icon-button"
        aria-label={t('common.back')}
        data-back={backTarget}
        onClick={onBack}
      >
        <BackIcon />
      </button>
      <h1 className="kl-title-bar__title">{title}</h1>
      <span className="kl-title-bar__balance" aria-hidden="true" />
    </div>
  );
}
