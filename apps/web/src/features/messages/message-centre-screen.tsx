import { fullPath } from '@kl/contracts/routes';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { goBack } from '../../shared/lib/go-back.ts';
import { useSession } from '../../shared/stores/session-store.ts';
import { PageTitleBar } from '../../shared/ui/page-title-bar.tsx';
import { MessageCentre } from './components/message-centre.tsx';
import './messages.css';

/**
 * /m/message and /m/messages (product.md §2): the message centre, for members. The route is open in the
 * route table, so a visitor sees why the centre is empty and the way to log in (coming back here
 * afterwards). The page has no app header (product.md §2): it draws its own title bar.
 */
export default function MessageCentreScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { role } = useSession();
  const from = `${location.pathname}${location.search}`;
  return (
    <section className="kl-screen kl-messages-screen" data-page="message">
      <PageTitleBar title={t('route.message')} onBack={() => goBack(navigate)} backTarget="history" />
      {role === 'visitor' ? (
        <div className="kl-messages-login" data-testid="message-centre-login">
          <p>{t('messages.loginPrompt')}</p>
          <div className="kl-messages-login__actions">
            <Link className="kl-button kl-button--primary" to={fullPath('login')} state={{ from }}>
              {t('header.login')}
            </Link>
            <Link className="kl-button kl-button--outline" to={fullPath('register')}>
              {t('header.register')}
            </Link>
          </div>
        </div>
      ) : (
        <MessageCentre />
      )}
    </section>
  );
}
