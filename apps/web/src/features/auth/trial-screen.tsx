import { useTranslation } from 'react-i18next';
import { TrialButton } from './components/trial-button.tsx';
import './auth.css';

/** /m/trail (product.md §2 Free trial): what free play is, and the button that starts it. */
export default function TrialScreen() {
  const { t } = useTranslation();
  return (
    <section className="kl-screen kl-auth-page" data-page="trail">
      <p className="kl-auth-page__text">{t('auth.trialIntro')}</p>
      <TrialButton className="kl-button kl-button--primary kl-auth-form__wide" />
    </section>
  );
}
