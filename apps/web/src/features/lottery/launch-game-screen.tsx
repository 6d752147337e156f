import { fullPath } from '@kl/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { messageFor } from '../../shared/lib/api-client.ts';
import { launchGame } from '../games/launch.ts';
import { LOTTERY_KEY } from './api/keys.ts';
import { lottoPathOf } from './lib/launch.ts';
import './lottery.css';

/**
 * /m/launchGame (product.md §2, §5): reads playType, gameId, gameGroupId, prize_mode, code and pageBack, asks the
 * launch call for the lottery address (it carries a one-time token) and replaces itself with it, keeping
 * pageBack. Without a game (code "lobby") it offers the lottery list.
 */
export default function LaunchGameScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const gameId = params.get('gameId');
  const pageBack = params.get('pageBack');
  const launch = useQuery({
    queryKey: [...LOTTERY_KEY, 'launch', gameId ?? ''],
    queryFn: () => launchGame({ gameId: gameId ?? '' }),
    enabled: gameId !== null && gameId !== '',
    retry: false,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

  useEffect(() => {
    if (!launch.isSuccess) return;
    void navigate(lottoPathOf(launch.data.url, { pageBack }), { replace: true });
  }, [launch.isSuccess, launch.data, navigate, pageBack]);

  return (
    <section className="kl-screen kl-lottery" data-page="launchGame" aria-label={t('route.launchGame')}>
      {!gameId ? (
        <div className="kl-lottery-card">
          <p>{t('lottery.launch.noGame')}</p>
          <Link className="kl-button kl-button--primary" to={fullPath('lottery')}>
            {t('lottery.launch.toList')}
          </Link>
        </div>
      ) : launch.isError ? (
        <div className="kl-lottery-card" role="alert">
          <p>{messageFor(launch.error)}</p>
          <p className="kl-lottery-actions">
            <button
              type="button"
              className="kl-button kl-button--primary"
              onClick={() => void launch.refetch()}
            >
              {t('lottery.retry')}
            </button>
            <Link className="kl-button kl-button--outline" to={fullPath('lottery')}>
              {t('lottery.launch.toList')}
            </Link>
          </p>
        </div>
      ) : (
        <p role="status" className="kl-lottery-card">
          {t('lottery.launch.opening')}
        </p>
      )}
    </section>
  );
}
