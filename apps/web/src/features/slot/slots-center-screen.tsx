import { fullPath } from '@kl/contracts/routes';
import type { SlotMode } from '@kl/contracts/slot';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useSession } from '../../shared/stores/session-store.ts';
import { useSlotSession } from './api/get-session.ts';
import { RoundsList } from './components/rounds-list.tsx';
import { SlotGame } from './components/slot-game.tsx';
import { VerifyPanel } from './components/verify-panel.tsx';
import { readStoredLaunch, storeLaunch, useRedeemedLaunch } from './lib/launch.ts';
import './slot.css';

const LAUNCH_PARAM = 'launch';
const VIEW_PARAM = 'view';
/** `play=free` plays with play money, `play=real` with the wallet; by default as the launch said. */
const PLAY_PARAM = 'play';

/**
 * /m/slotsCenter (product.md §2; §9 INHOUSE → RNG, vendor BGS): the in-house provably fair slot. Opened by a
 * launch (`?launch=<one-time token>`, redeemed once: which game, with its name and artwork, and whether
 * in free play), or directly (the in-house machine). `?view=verify` shows the seeds and verifies the
 * rounds in the browser. Visitors are asked to log in.
 */
export default function SlotsCenterScreen() {
  const { t } = useTranslation();
  const { role } = useSession();
  const location = useLocation();
  return (
    <section className="kl-screen kl-slot" data-page="slotsCenter" aria-label={t('route.slotsCenter')}>
      {role === 'visitor' ? (
        <div className="kl-slot-card">
          <p>{t('slot.loginToPlay')}</p>
          <Link
            className="kl-button kl-button--primary"
            to={fullPath('login')}
            state={{ from: `${location.pathname}${location.search}` }}
          >
            {t('slot.login')}
          </Link>
        </div>
      ) : (
        <SlotsCenterBody trial={role === 'trial'} />
      )}
    </section>
  );
}

function SlotsCenterBody({ trial }: { trial: boolean }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const token = params.get(LAUNCH_PARAM);
  const verify = params.get(VIEW_PARAM) === 'verify';
  const redeemed = useRedeemedLaunch(token);

  // Keep the redeemed launch for this tab and take the single-use token out of the address.
  useEffect(() => {
    if (!token || !redeemed.isSuccess) return;
    storeLaunch(redeemed.data);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(LAUNCH_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [token, redeemed.isSuccess, redeemed.data, setParams]);

  const launch = token ? (redeemed.data ?? null) : readStoredLaunch();
  const freePlayOffered = !trial && (launch?.freePlayOffered ?? true);
  const asked = params.get(PLAY_PARAM);
  const free = asked === 'free' || (asked !== 'real' && launch?.freePlay === true);
  const mode: SlotMode = freePlayOffered && free ? 'play' : 'wallet';
  const gameId = launch?.gameId ?? null;
  const session = useSlotSession(mode, gameId, !token || redeemed.isSuccess);

  if (token && redeemed.isError)
    return (
      <div className="kl-slot-card" role="alert">
        <p>{t('slot.launchExpired')}</p>
        <p className="kl-slot-actions">
          <Link className="kl-button kl-button--outline" to={fullPath('slot-games')}>
            {t('slot.backToGames')}
          </Link>
          <Link
            className="kl-button kl-button--primary"
            to={fullPath('slotsCenter')}
            onClick={() => storeLaunch(null)}
          >
            {t('slot.playHouse')}
          </Link>
        </p>
      </div>
    );
  if ((token && redeemed.isPending) || session.isPending) return <p role="status">{t('slot.loading')}</p>;
  if (session.isError)
    return (
      <div className="kl-slot-card" role="alert">
        <p>{t('slot.loadFailed')}</p>
        <button type="button" className="kl-button kl-button--primary" onClick={() => void session.refetch()}>
          {t('slot.retry')}
        </button>
      </div>
    );

  const data = session.data;
  const game = data.game;
  const standIn = launch?.gameId && launch.gameId !== game.gameId ? launch.gameName : null;
  const icon = !game.house && launch?.gameId === game.gameId ? launch.iconUrl : null;
  const money = data.balance.money;
  const viewLink = (view: 'verify' | null) => {
    const next = new URLSearchParams(params);
    next.delete(LAUNCH_PARAM);
    if (view) next.set(VIEW_PARAM, view);
    else next.delete(VIEW_PARAM);
    const search = next.toString();
    return `${fullPath('slotsCenter')}${search ? `?${search}` : ''}`;
  };

  return (
    <>
      <header className="kl-slot-title">
        {icon ? (
          <img src={icon} alt="" width={56} height={56} loading="lazy" className="kl-slot-icon" />
        ) : null}
        <div>
          <h2 className="kl-slot-name" data-testid="slot-game-name">
            {game.gameName}
          </h2>
          {!game.house && (
            <p className="kl-slot-note">{t('slot.poweredBy', { machine: data.machine.name })}</p>
          )}
        </div>
      </header>
      {money !== 'real' && (
        <p className="kl-slot-banner" data-money={money} data-testid="slot-money-banner">
          {t(`slot.banner.${money}`)}
        </p>
      )}
      {standIn && (
        <p className="kl-slot-note">{t('slot.standIn', { game: standIn, machine: game.gameName })}</p>
      )}
      {freePlayOffered && !verify && (
        <div className="kl-slot-modes" role="group" aria-label={t('slot.modes')}>
          {(['wallet', 'play'] as const).map((option) => (
            <button
              key={option}
              type="button"
              className="kl-button kl-button--small kl-button--outline"
              aria-pressed={mode === option}
              onClick={() =>
                setParams(
                  (current) => {
                    const next = new URLSearchParams(current);
                    next.set(PLAY_PARAM, option === 'play' ? 'free' : 'real');
                    return next;
                  },
                  { replace: true },
                )
              }
            >
              {t(option === 'play' ? 'slot.modeFree' : 'slot.modeReal')}
            </button>
          ))}
        </div>
      )}
      <nav className="kl-slot-tabs" aria-label={t('slot.views')}>
        <Link to={viewLink(null)} aria-current={verify ? undefined : 'page'}>
          {t('slot.play')}
        </Link>
        <Link to={viewLink('verify')} aria-current={verify ? 'page' : undefined}>
          {t('slot.verify.title')}
        </Link>
      </nav>
      {verify ? (
        <VerifyPanel seed={data.seed} />
      ) : (
        <>
          <SlotGame key={mode} session={data} mode={mode} gameId={game.house ? null : game.gameId} />
          <section className="kl-slot-card kl-slot-fair" aria-label={t('slot.verify.seedsTitle')}>
            <p className="kl-slot-note">
              {t('slot.seedLine', {
                hash: `${data.seed.serverSeedHash.slice(0, 16)}…`,
                nonce: data.seed.nonce,
              })}
            </p>
          </section>
          <RoundsList title={t('slot.history.title')} />
        </>
      )}
    </>
  );
}
