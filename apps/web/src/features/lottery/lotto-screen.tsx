import { PRIZE_MODES, type PrizeMode } from '@kl/contracts/constants';
import { fullPath } from '@kl/contracts/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { WalletBalance } from '../wallet/index.ts';
import { LOTTERY_KEY } from './api/keys.ts';
import { redeemOnce } from './api/redeem-launch.ts';
import { useLotteryGame } from './api/use-lottery-game.ts';
import { BetPanel } from './components/bet-panel.tsx';
import { DrawClock } from './components/draw-clock.tsx';
import { OrdersPanel } from './components/orders-panel.tsx';
import { ResultsPanel } from './components/results-panel.tsx';
import { RulesPanel } from './components/rules-panel.tsx';
import { useServerNow } from './lib/clock.ts';
import './lottery.css';

const TABS = ['bet', 'orders', 'results', 'rules'] as const;
type Tab = (typeof TABS)[number];
type PlayType = 'trad' | 'ent';

const prizeModeOf = (value: string | null): PrizeMode =>
  (PRIZE_MODES as readonly string[]).includes(value ?? '') ? (value as PrizeMode) : 'Lott';

/** Where the close button goes: home when the launch came from home (pageBack), else the games. */
export const closeTargetOf = (pageBack: string | null) => (pageBack ? fullPath('home') : fullPath('game'));

/**
 * /m/lotto-h5/:mui/:playType/games/:gameId (product.md §2, §4, §5): the in-house lottery. A launch token in the
 * address is redeemed once and taken out; the page then works from the member's session. The game is
 * loaded by catalogue game id and prize mode; bet types are those of the play type.
 */
export default function LottoScreen() {
  const { t } = useTranslation();
  const { playType: rawPlayType = '', gameId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const token = params.get('token');
  // The token of the launch that opened the page (the address loses it once redeemed).
  const [launchToken] = useState(token);
  const pageBack = params.get('pageBack');
  const prizeMode = prizeModeOf(params.get('prize_mode'));
  const playType: PlayType | null = rawPlayType === 'trad' || rawPlayType === 'ent' ? rawPlayType : null;

  const redeem = useQuery({
    queryKey: [...LOTTERY_KEY, 'redeem', launchToken ?? ''],
    queryFn: () => redeemOnce(launchToken ?? ''),
    enabled: launchToken !== null,
    retry: false,
    staleTime: Infinity,
  });
  // The single-use token leaves the address once redeemed (or refused): a reload works from the session.
  const redeemSettled = redeem.isSuccess || redeem.isError;
  useEffect(() => {
    if (!token || !redeemSettled) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('token');
        return next;
      },
      { replace: true },
    );
  }, [token, redeemSettled, setParams]);

  return (
    <section className="kl-screen kl-lottery" data-page="lotto-h5" aria-label={t('route.lotto-h5')}>
      <div className="kl-lottery-bar">
        <h1 className="kl-lottery-bar__title">{t('route.lotto-h5')}</h1>
        <Link
          className="kl-button kl-button--outline"
          to={closeTargetOf(pageBack)}
          data-testid="lottery-close"
        >
          {t('lottery.close')}
        </Link>
      </div>
      {redeem.isError && (
        <p className="kl-lottery-note" role="status">
          {t('lottery.launchUsed')}
        </p>
      )}
      {launchToken && redeem.isPending ? (
        <p role="status">{t('lottery.loading')}</p>
      ) : playType === null ? (
        <p role="alert" className="kl-lottery-card">
          {t('lottery.loadFailed')}
        </p>
      ) : (
        <LottoGame gameId={gameId} prizeMode={prizeMode} playType={playType} />
      )}
    </section>
  );
}

function LottoGame({
  gameId,
  prizeMode,
  playType,
}: {
  gameId: string;
  prizeMode: PrizeMode;
  playType: PlayType;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const queryClient = useQueryClient();
  const query = useLotteryGame({ gameId }, prizeMode);
  const serverNow = useServerNow(query.data?.offset ?? 0);
  const [tab, setTab] = useState<Tab>('bet');
  const baseId = useId();
  const drawId = query.data?.game.openDraw?.id;

  // A new draw open: the previous one is drawing, so its results and the orders on it are asked again.
  useEffect(() => {
    if (!drawId) return;
    void queryClient.invalidateQueries({ queryKey: [...LOTTERY_KEY, 'orders'] });
    void queryClient.invalidateQueries({ queryKey: [...LOTTERY_KEY, 'results'] });
    void queryClient.invalidateQueries({ queryKey: [...LOTTERY_KEY, 'numero'] });
  }, [drawId, queryClient]);

  if (query.isPending) return <p role="status">{t('lottery.loading')}</p>;
  if (query.isError)
    return (
      <div className="kl-lottery-card" role="alert">
        <p>{t('lottery.loadFailed')}</p>
        <button type="button" className="kl-button kl-button--primary" onClick={() => void query.refetch()}>
          {t('lottery.retry')}
        </button>
      </div>
    );

  const { game } = query.data;
  const draw = game.openDraw;
  const other: PlayType = playType === 'trad' ? 'ent' : 'trad';
  const otherPath = location.pathname.replace(/\/(trad|ent)\/games\//, `/${other}/games/`);

  return (
    <>
      <header className="kl-lottery-head">
        <h2 data-testid="lottery-game-name">{game.name}</h2>
        <dl className="kl-lottery-facts">
          <div>
            <dt>{t('lottery.station')}</dt>
            <dd>{draw?.station ?? '—'}</dd>
          </div>
          <div>
            <dt>{t('lottery.issue')}</dt>
            <dd data-testid="lottery-issue">{draw?.issue ?? '—'}</dd>
          </div>
          <div>
            <dt>{t('lottery.countdown')}</dt>
            <dd>
              <DrawClock draw={draw} serverNow={serverNow} />
            </dd>
          </div>
        </dl>
        <Suspense fallback={null}>
          <WalletBalance className="kl-lottery-balance" />
        </Suspense>
        <p className="kl-lottery-playtype">
          {t(`lottery.playType.${playType}`)}
          {game.playTypes.includes(other) && (
            <>
              {' · '}
              <Link to={`${otherPath}${location.search}`} replace>
                {t('lottery.switchPlayType', { playType: t(`lottery.playType.${other}`) })}
              </Link>
            </>
          )}
        </p>
      </header>
      <div role="tablist" className="kl-lottery-tabs" aria-label={t('lottery.views')}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`${baseId}-${name}-tab`}
            aria-controls={`${baseId}-${name}`}
            aria-selected={tab === name}
            onClick={() => setTab(name)}
          >
            {t(`lottery.tab.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-${tab}`} aria-labelledby={`${baseId}-${tab}-tab`}>
        {tab === 'bet' && <BetPanel game={game} playType={playType} serverNow={serverNow} />}
        {tab === 'orders' && <OrdersPanel code={game.code} />}
        {tab === 'results' && <ResultsPanel code={game.code} />}
        {tab === 'rules' && (
          <RulesPanel offers={game.betTypes.filter((offer) => offer.playType === playType)} />
        )}
      </div>
    </>
  );
}
