import type { SandboxTableGame } from '@kl/contracts/sandbox-provider';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@kl/contracts/money';
import { providerTableKey } from '../api/keys.ts';
import type { ProviderGameProps } from '../api/provider-call.ts';
import { placeTableBet, useTable } from '../api/table.ts';
import { clockOffset, secondsLeft, useServerNow } from '../lib/clock.ts';
import { usePaidBalance } from '../lib/use-paid-balance.ts';
import { BetSpots, ChipPicker, TABLE_CHIPS } from './bet-spots.tsx';
import { Fairness } from './fairness.tsx';
import { MyBets } from './my-bets.tsx';
import { ProviderFailure } from './provider-failure.tsx';
import { ResultsRoad } from './results-road.tsx';
import { TableBoard } from './boards/table-board.tsx';

type Slip = Record<string, number>;

/**
 * A live table of the provider (docs/decisions/026-sandbox-provider.md): the round's countdown on the
 * server's clock, the board of the game, the bet spots with a chip to stake, my bets with what they
 * returned, the road of recent results and the round's commitment (then its revealed seed). The state is
 * polled about every second; the balance shown moves with each placement's answer and, once a round of
 * mine is paid, with the wallet's balance.
 */
export function TableGame({ game, session, onBalance }: ProviderGameProps & { game: SandboxTableGame }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const sessionId = session.sessionId;
  const table = useTable(sessionId, game);
  const state = table.data;
  const offset = state ? clockOffset(state.now, state.receivedAt) : 0;
  const serverNow = useServerNow(offset);
  const money = useCallback(
    (amount: number) => formatMoney(amount, session.currency, i18n.language),
    [session.currency, i18n.language],
  );

  const [chip, setChip] = useState<number>(TABLE_CHIPS[1]);
  const [slip, setSlip] = useState<{ roundId: string; lines: Slip } | null>(null);
  const current = state?.current;
  const open =
    current !== undefined && current.phase === 'betting' && secondsLeft(current.closesAt, serverNow) > 0;
  const lines = slip && current && slip.roundId === current.roundId ? slip.lines : {};
  const slipTotal = Object.values(lines).reduce((sum, stake) => sum + stake, 0);

  const placing = useRef(false);
  const place = useMutation({
    mutationFn: (request: { roundId: string; lines: Slip }) =>
      placeTableBet(sessionId, {
        game,
        roundId: request.roundId,
        bets: Object.entries(request.lines).map(([kind, stake]) => ({ kind, stake })),
      }),
    meta: { errorToast: false },
    onSuccess: (result) => {
      onBalance(result.balance);
      setSlip(null);
      void queryClient.invalidateQueries({ queryKey: providerTableKey(sessionId, game) });
    },
    onSettled: () => {
      placing.current = false;
    },
  });

  const addToSpot = (kind: string) => {
    if (!current || !open) return;
    place.reset();
    setSlip({ roundId: current.roundId, lines: { ...lines, [kind]: (lines[kind] ?? 0) + chip } });
  };
  const submit = () => {
    if (!current || !open || slipTotal === 0 || placing.current) return;
    placing.current = true;
    place.mutate({ roundId: current.roundId, lines });
  };

  usePaidBalance(
    sessionId,
    state?.myBets
      .filter((bet) => bet.status === 'settled' || bet.status === 'rolled-back')
      .map((bet) => bet.betId),
    onBalance,
  );

  if (table.isPending)
    return (
      <p className="kl-provider-note" role="status">
        {t('providerGames.table.loading')}
      </p>
    );
  if (table.isError && !state)
    return <ProviderFailure className="kl-provider-card" call={table} onRetry={() => void table.refetch()} />;
  if (!state || !current) return null;

  const seconds = secondsLeft(current.closesAt, serverNow);
  const lastResult = state.results[0] ?? null;
  return (
    <div className="kl-provider-table" data-game={game}>
      <div className="kl-provider-round">
        <span className="kl-provider-round__seq">{t('providerGames.table.round', { seq: current.seq })}</span>
        <span
          className="kl-provider-countdown"
          data-testid="provider-countdown"
          data-seconds={seconds}
          role="timer"
          aria-live="off"
        >
          {open
            ? t('providerGames.table.closesIn', { count: seconds })
            : current.outcome === null
              ? t('providerGames.table.closed')
              : t('providerGames.table.resultShown')}
        </span>
      </div>
      <TableBoard game={game} round={current} />
      <ChipPicker chip={chip} onChip={setChip} money={money} />
      <BetSpots
        game={game}
        kinds={state.betKinds}
        params={current.params}
        lines={lines}
        disabled={!open || place.isPending}
        onSpot={addToSpot}
        money={money}
      />
      <div className="kl-provider-slip">
        <p className="kl-provider-slip__total" data-testid="provider-slip-total">
          {t('providerGames.table.total', { amount: money(slipTotal) })}
        </p>
        <button
          type="button"
          className="kl-button kl-button--outline kl-button--small"
          disabled={slipTotal === 0 || place.isPending}
          onClick={() => setSlip(null)}
        >
          {t('providerGames.table.clear')}
        </button>
        <button
          type="button"
          className="kl-button kl-button--primary"
          disabled={!open || slipTotal === 0 || place.isPending}
          onClick={submit}
        >
          {place.isPending ? t('providerGames.table.placing') : t('providerGames.table.place')}
        </button>
      </div>
      <ProviderFailure call={place} className="kl-provider-error" />
      {place.isSuccess && place.data.bet.roundId === current.roundId && (
        <p className="kl-provider-note" role="status">
          {t('providerGames.table.placed', { amount: money(place.data.bet.stake) })}
        </p>
      )}
      <ProviderFailure call={table} className="kl-provider-error" />
      <MyBets game={game} bets={state.myBets} rounds={[current, ...state.results]} money={money} />
      <ResultsRoad game={game} results={state.results} />
      <Fairness current={current} previous={lastResult} />
    </div>
  );
}
