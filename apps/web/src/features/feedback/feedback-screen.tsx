import { HOME_PATH, fullPath } from '@kl/contracts/routes';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../shared/stores/session-store.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { FeedbackForm } from './components/feedback-form.tsx';
import { FeedbackHistory } from './components/feedback-history.tsx';
import './feedback.css';

/**
 * /m/feedback (product.md §2 Feedback; §3, §5, §7 FEEDBACK3). Visitors never get here: the route is gated
 * and sends them to /m/login. A trial member is told the feature is not for trial accounts
 * (free_reject) instead of the form. A member sees the form and, below it, their earlier feedback.
 */
export default function FeedbackScreen() {
  const { t } = useTranslation();
  const { role } = useSession();
  const titleId = useId();
  if (role === 'trial') {
    return (
      <section className="kl-screen kl-feedback-screen" data-page="feedback">
        <EmptyState title={t('free_reject')}>
          <div className="kl-feedback-screen__actions">
            <Link className="kl-button kl-button--primary kl-button--small" to={fullPath('register')}>
              {t('feedback.registerNow')}
            </Link>
            <Link className="kl-button kl-button--outline kl-button--small" to={HOME_PATH}>
              {t('feedback.backHome')}
            </Link>
          </div>
        </EmptyState>
      </section>
    );
  }
  return (
    <section className="kl-screen kl-feedback-screen" data-page="feedback">
      <section className="kl-feedback-send" aria-labelledby={titleId}>
        <h2 id={titleId} className="kl-feedback-section-title">
          {t('feedback.formTitle')}
        </h2>
        <FeedbackForm />
      </section>
      <FeedbackHistory />
    </section>
  );
}
