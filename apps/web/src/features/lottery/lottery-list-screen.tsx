import type { LotteryCategory, LotteryGameSummary } from '@kl/contracts/lottery';
import { chromeFor, fullPath } from '@kl/contracts/routes';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { messageFor } from '../../shared/lib/api-client.ts';
import { formatSiteDateTime } from '../../shared/lib/date-format.ts';
import { useSession } from '../../shared/stores/session-store.ts';
import { useLotteryGames } from './api/use-lottery-games.ts';
import { TickingDrawClock } from './components/draw-clock.tsx';
import { launchPathOf } from './lib/launch.ts';
import './lottery.css';
import { useAfterHydration } from '../../shared/hooks/use-after-hydration.ts';
import { useCurrentRouteRow } from '../../shared/hooks/use-current-route-row.ts';

const GROUPS: readonly { category: LotteryCategory; key: 'daily' | 'fast' }[] = [
  { category: 'ELOTT', key: 'fast' },
  { category: 'LOTT', key: 'daily' },
];

/**
 * /m/lottery (product.md §2): the in-house lotteries, fast and daily, each with its next draw counting down on
 * the server's clock (each countdown ticking by itself: the list is not drawn again every second).
 * Opening one goes through /m/launchGame; a visitor is sent to /m/login first. A visitor's page is rendered
 * by the server (docs/decisions/005-web-first-load.md).
 */
export default function LotteryListScreen() {
  const { t } = useTranslation();
  // The lottery lobby serves /m/lottery (no header: the screen has its title) and /m/startLottery (a title
  // bar whose heading is the page's).
  const route = useCurrentRouteRow();
  const page = route?.page ?? 'lottery';
  const ownTitle = chromeFor(page).header === 'none';
  const { role } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const games = useLotteryGames();
  // The device's time zone, named beside a draw's time where it differs from the site's, is not known
  // to the server's page nor to the first render over it.
  const deviceKnown = useAfterHydration();

  const open = (game: LotteryGameSummary) => {
    if (role === 'visitor') {
      void navigate(fullPath('login'), { state: { from: `${location.pathname}${location.search}` } });
      return;
    }
    const path = launchPathOf(game);
    if (path) void navigate(path);
  };

  return (
    <section
      className="kl-screen kl-lottery"
      data-page={page}
      {...(ownTitle && { 'aria-labelledby': 'kl-lottery-title' })}
    >
      {ownTitle && (
        <h1 id="kl-lottery-title" className="kl-lottery-title">
          {t('route.lottery')}
        </h1>
      )}
      {games.isPending ? (
        <p role="status">{t('lottery.loading')}</p>
      ) : games.isError ? (
        <div className="kl-lottery-card" role="alert">
          <p>{messageFor(games.error)}</p>
          <button type="button" className="kl-button kl-button--primary" onClick={() => void games.refetch()}>
            {t('lottery.retry')}
          </button>
        </div>
      ) : games.data.list.length === 0 ? (
        <p className="kl-lottery-card">{t('lottery.noGames')}</p>
      ) : (
        GROUPS.map(({ category, key }) => {
          const list = games.data.list.filter((game) => game.category === category);
          if (list.length === 0) return null;
          return (
            <section key={category} aria-labelledby={`kl-lottery-${key}`} className="kl-lottery-group">
              <h2 id={`kl-lottery-${key}`}>{t(`lottery.group.${key}`)}</h2>
              <ul className="kl-lottery-list">
                {list.map((game) => (
                  <li key={game.code} data-testid="lottery-game" data-code={game.code}>
                    <div>
                      <p className="kl-lottery-name">{game.name}</p>
                      <p className="kl-lottery-note">
                        {game.nextDraw
                          ? t('lottery.nextDraw', {
                              issue: game.nextDraw.issue,
                              station: game.nextDraw.station,
                              time: formatSiteDateTime(game.nextDraw.drawAt, { deviceKnown }),
                            })
                          : t('lottery.noDraw')}
                      </p>
                      <p className="kl-lottery-note">
                        <TickingDrawClock
                          draw={game.nextDraw}
                          offset={games.data.offset}
                          answeredAt={games.data.serverTime}
                        />
                      </p>
                    </div>
                    <button
                      type="button"
                      className="kl-button kl-button--primary"
                      disabled={game.catalogueGameIds.length === 0}
                      aria-label={t('lottery.playGame', { name: game.name })}
                      onClick={() => open(game)}
                    >
                      {t('lottery.play')}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          );
        })
      )}
    </section>
  );
}
