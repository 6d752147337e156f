import type { SandboxLaunchKind, SandboxSession } from '@kl/contracts/sandbox-provider';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError, errorCodeOf, messageFor } from '../../shared/lib/api-client.ts';
import { formatMoney } from '@kl/contracts/money';
import { getProviderBalance } from './api/get-balance.ts';
import { setProviderOrigin } from './api/provider-origin.ts';
import { providerSessionKey } from './api/keys.ts';
import { PROVIDER_KINDS } from './kinds/registry.ts';
import { isLaunchKind, lobbyPath, openSessionOnce } from './lib/launch.ts';
import './provider-games.css';

/** Failures worth another try from the same link: no answer, the provider down. */
const RETRYABLE = new Set(['NETWORK_OFFLINE', 'GAME_PROVIDER_UNAVAILABLE', 'UNKNOWN_ERROR']);

/**
 * /m/provider/:kind (docs/decisions/026-sandbox-provider.md): the sandbox provider's game client, opened
 * by the launch address the operator issues, `?token=<one-time token>&lang=<vi|en>&lobby=<path under
 * /m>&api=<the provider's address>` (docs/decisions/036-sandboxes-process.md). The token opens the
 * provider's session once; a compact header shows the game, the balance every
 * call keeps up to date, and the way back to the lobby; the kind's game plays below.
 */
export default function ProviderGameScreen() {
  const { t } = useTranslation();
  const { kind } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token');
  const lobby = lobbyPath(params.get('lobby'));
  // The provider's API for every call of this page (the launch names it; the same on every render).
  setProviderOrigin(params.get('api'));
  const known = isLaunchKind(kind);
  return (
    <section
      className="kl-screen kl-provider"
      data-page="provider"
      aria-label={known ? t(`providerGames.kinds.${kind}`) : t('route.provider')}
    >
      {!known ? (
        <LaunchFailed message={t('providerGames.errors.unknownKind')} lobby={lobby} />
      ) : !token ? (
        <LaunchFailed message={t('providerGames.errors.missingToken')} lobby={lobby} />
      ) : (
        <ProviderSession kind={kind} token={token} lobby={lobby} />
      )}
    </section>
  );
}

function ProviderSession({ kind, token, lobby }: { kind: SandboxLaunchKind; token: string; lobby: string }) {
  const { t } = useTranslation();
  const opened = useQuery({
    queryKey: providerSessionKey(token),
    queryFn: () => openSessionOnce(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  if (opened.isPending)
    return (
      <p className="kl-provider-note" role="status">
        {t('providerGames.opening')}
      </p>
    );
  if (opened.isError)
    return (
      <LaunchFailed
        message={messageFor(opened.error)}
        lobby={lobby}
        onRetry={RETRYABLE.has(errorCodeOf(opened.error)) ? () => void opened.refetch() : undefined}
      />
    );
  return (
    <ProviderGame
      key={opened.data.session.sessionId}
      kind={kind}
      session={opened.data.session}
      stored={opened.data.stored}
      lobby={lobby}
    />
  );
}

function ProviderGame({
  kind,
  session,
  stored,
  lobby,
}: {
  kind: SandboxLaunchKind;
  session: SandboxSession;
  stored: boolean;
  lobby: string;
}) {
  const { t, i18n } = useTranslation();
  const [balance, setBalance] = useState(session.balance);
  const onBalance = useCallback((next: number) => setBalance(next), []);

  // A session kept from earlier in this tab (a reload) shows the balance the wallet has now.
  useEffect(() => {
    if (!stored) return;
    const controller = new AbortController();
    getProviderBalance(session.sessionId, { signal: controller.signal }).then(
      (answer) => setBalance(answer.balance),
      (error: unknown) => {
        if (!(error instanceof ApiError)) return;
        // The balance of the session stays shown; the game's own calls say what went wrong.
      },
    );
    return () => controller.abort();
  }, [stored, session.sessionId]);

  const Game = PROVIDER_KINDS[kind];
  return (
    <>
      <header className="kl-provider-header">
        <h1 className="kl-provider-name">{t(`providerGames.kinds.${kind}`)}</h1>
        <p className="kl-provider-balance">
          <span className="kl-provider-balance__label">{t('providerGames.balance')}</span>{' '}
          <strong data-testid="provider-balance">
            {formatMoney(balance, session.currency, i18n.language)}
          </strong>
        </p>
        <Link className="kl-button kl-button--small kl-button--outline kl-provider-lobby" to={lobby}>
          {t('providerGames.backToLobby')}
        </Link>
      </header>
      {session.demo && <p className="kl-provider-note">{t('providerGames.demo')}</p>}
      <Suspense
        fallback={
          <p className="kl-provider-note" role="status">
            {t('providerGames.loadingGame')}
          </p>
        }
      >
        <Game kind={kind} session={session} balance={balance} onBalance={onBalance} />
      </Suspense>
    </>
  );
}

function LaunchFailed({ message, lobby, onRetry }: { message: string; lobby: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="kl-provider-card kl-provider-failed" role="alert">
      <h1 className="kl-provider-name">{t('providerGames.errors.title')}</h1>
      <p>{message}</p>
      <p className="kl-provider-actions">
        {onRetry && (
          <button type="button" className="kl-button kl-button--primary" onClick={onRetry}>
            {t('providerGames.retry')}
          </button>
        )}
        <Link className="kl-button kl-button--outline" to={lobby}>
          {t('providerGames.backToLobby')}
        </Link>
      </p>
    </div>
  );
}
