import { fullPath } from '@kl/contracts/routes';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../shared/stores/session-store.ts';
import { PageTitleBar } from '../../shared/ui/page-title-bar.tsx';
import { toast } from '../../shared/ui/toast.ts';
import { GameListView } from './components/game-list-view.tsx';
import { listOfAddress } from './lib/list-source.ts';
import './games.css';

/**
 * /m/gameList?gameType=RNG|FISH|PVP[&type=hot|fav|recent|new][&vassalage=…] (product.md §2; recent and new are ours). The address holds the
 * game type, the hot/favourite filter and the vendor, so back, reload and shared links keep them.
 * The page has no app header (product.md §2): it draws its own title bar.
 */
export default function GameListScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { role } = useSession();
  const [params, setParams] = useSearchParams();
  const { gameType, type, vassalage, visitorAskedFav } = listOfAddress(params, role);

  const told = useRef(false);
  useEffect(() => {
    if (visitorAskedFav && !told.current) {
      told.current = true;
      void toast.info(t('in_logged_login'));
    }
  }, [visitorAskedFav, t]);

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  const goBack = () => {
    if (window.history.length > 1) void navigate(-1);
    else void navigate(fullPath('game'));
  };

  return (
    <section className="kl-screen kl-game-list-screen" data-page="gameList">
      <PageTitleBar
        title={`${t('route.gameList')} · ${t(`category.${gameType}`)}`}
        onBack={goBack}
        backTarget="history"
      />
      <GameListView
        key={gameType}
        gameType={gameType}
        type={type}
        onTypeChange={(next, clearVendor) =>
          update({ type: next === 'all' ? null : next, ...(clearVendor ? { vassalage: null } : {}) })
        }
        vassalage={vassalage}
        onVendorChange={(next) => update({ vassalage: next })}
      />
    </section>
  );
}
