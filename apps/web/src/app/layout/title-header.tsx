import { HOME_PATH, type BackTarget } from '@kl/contracts/routes';
import { useNavigate } from 'react-router';
import { PageTitleBar } from '../../shared/ui/page-title-bar.tsx';

/**
 * Whether the current history entry is the one the app was opened on (the router numbers its
 * entries in `history.state.idx`; a replace keeps the number), so there is nothing of ours to go
 * back to.
 */
function isFirstEntry(): boolean {
  const idx: unknown = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx !== 'number' || idx === 0;
}

/**
 * The title bar of the other pages (product.md §2). The arrow goes home on login, register, trail,
 * activity and forget; elsewhere it goes back, or home when the page was the first one opened.
 */
export function TitleHeader({ title, back }: { title: string; back: BackTarget }) {
  const navigate = useNavigate();
  const onBack = () => {
    if (back === 'home') void navigate(HOME_PATH);
    else if (isFirstEntry()) void navigate(HOME_PATH, { replace: true });
    else void navigate(-1);
  };
  return (
    <header data-testid="app-header" data-kind="title" className="kl-header">
      <PageTitleBar title={title} backTarget={back} onBack={onBack} />
    </header>
  );
}
