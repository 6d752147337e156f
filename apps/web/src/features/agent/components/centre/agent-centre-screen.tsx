import { fullPath } from '@kl/contracts/routes';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { goBack } from '../../../../shared/lib/go-back.ts';
import { useSession } from '../../../../shared/stores/session-store.ts';
import { PageTitleBar } from '../../../../shared/ui/page-title-bar.tsx';
import { FreeReject } from '../../../auth/index.ts';
import { useApplicationState } from '../../hooks/use-centre.ts';
import { BecomeAgent } from './become-agent.tsx';
import { CentreTabs } from './centre-tabs.tsx';
import { QueryGate } from './parts.tsx';
import '../../agent-centre.css';

/** The face of a logged-in member: the centre for an agent, "become an agent" for the others. */
function MemberFace() {
  const state = useApplicationState();
  return (
    <QueryGate query={state}>
      {(data) => (data.isAgent ? <CentreTabs /> : <BecomeAgent application={data.application} />)}
    </QueryGate>
  );
}

/**
 * /m/agent, the agent centre (docs/agents.md "Agent centre screens"). The page has no app header or footer
 * (product.md §2): it draws its own title bar. Visitors are asked to log in or register; members who are
 * not agents see what agents get and the application; agents see the centre's tabs. Trial members are
 * told free_reject.
 */
export default function AgentCentreScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { role } = useSession();
  if (role === 'trial') return <FreeReject page="agent" />;
  return (
    <section className="kl-screen kl-centre" data-page="agent" aria-label={t('route.agent')}>
      <PageTitleBar title={t('route.agent')} onBack={() => goBack(navigate)} backTarget="history" />
      {role === 'visitor' ? (
        <div className="kl-centre__card" data-testid="agent-centre-login">
          <p>{t('agentCentre.loginPrompt')}</p>
          <div className="kl-centre__actions">
            <Link
              className="kl-button kl-button--primary"
              to={fullPath('login')}
              state={{ from: `${location.pathname}${location.search}` }}
            >
              {t('header.login')}
            </Link>
            <Link className="kl-button kl-button--outline" to={fullPath('register')}>
              {t('header.register')}
            </Link>
          </div>
        </div>
      ) : (
        <MemberFace />
      )}
    </section>
  );
}
