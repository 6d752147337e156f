import { HOME_PATH, type BackTarget } from '@kl/contracts/routes';
import { useLocation, useNavigate } from 'react-router';
import { PageTitleBar } from '../../shared/ui/page-title-bar.tsx';

/**
 * The title bar of the other pages (SPEC §2). The arrow goes home on login, register, trail,
 * activity and forget; elsewhere it goes back, or home when the page was the first one opened.
 */
export function TitleHeader({ title, back }: { title: string; back: BackTarget }) {
  const navigate = useNavigate();
  const location = useLocation();
  const onBack = () => {
    if (back === 'home') void navigate(HOME_PATH);
    // `default`: the entry the app was opened on, so there is nothing of ours to go back to.
    else if (location.key === 'default') void navigate(HOME_PATH, { replace: true });
    else void navigate(-1);
  };
  return (
    <header data-testid="app-header" data-kind="title" className="kl-header">
      <PageTitleBar title={title} backTarget={back} onBack={onBack} />
    </header>
  );
}
