import type { SandboxLaunchKind, SandboxMatch, SandboxSlip } from '@kl/contracts/sandbox-provider';
import { SANDBOX_SLIP_STAKE } from '@kl/contracts/sandbox-provider';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, messageFor } from '../../../../shared/lib/api-client.ts';
import { formatSiteDateTime } from '../../../../shared/lib/date-format.ts';
import { formatMoney } from '@kl/contracts/money';
import { LoadFailed } from '../../../../shared/ui/load-failed.tsx';
import type { ProviderGameProps } from '../../api/provider-call.ts';
import { usePaidBalance } from '../../lib/use-paid-balance.ts';
import { cashOutSlip, matchesKey, placeSlip, slipsKey, useMatches, useSlips } from './api.ts';
import {
  combinedOddsBp,
  decimalOdds,
  type Market,
  parseStake,
  type PickSide,
  potentialReturn,
  sameMarket,
  type SlipLeg,
  type StakeProblem,
} from './odds.ts';
import './sports.css';

const FOOTBALL = new Set<SandboxMatch['sport']>(['football']);
const ESPORTS = new Set<SandboxMatch['sport']>(['lol', 'cs2', 'dota2']);

/** A line in quarters (−6 → −1.5), signed, in the language's way. */
const lineOf = (quarters: number, locale: string, signed: boolean) =>
  new Intl.NumberFormat(locale, {
    maximumFractionDigits: 2,
    ...(signed && { signDisplay: 'exceptZero' as const }),
  }).format(quarters / 4);

/**
 * The sandbox provider's sports and e-sports book (docs/decisions/026-sandbox-provider.md): the matches
 * of the kind launched with their markets and decimal prices, a bet slip (one leg a single, legs of several
 * matches an accumulator at the product of their prices), my slips with their outcome and, until the first
 * kick-off, a cash-out. Matches and slips are polled.
 */
export function SportsBook({
  kind,
  session,
  onBalance,
}: ProviderGameProps & { kind: Extract<SandboxLaunchKind, 'sports' | 'esports'> }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const sessionId = session.sessionId;
  const locale = i18n.language;
  const money = (amount: number) => formatMoney(amount, session.currency, locale);
  const matches = useMatches(sessionId);
  const slips = useSlips(sessionId);
  const sports = kind === 'esports' ? ESPORTS : FOOTBALL;
  const shown = (matches.data?.matches ?? []).filter((match) => sports.has(match.sport));
  usePaidBalance(
    sessionId,
    slips.data?.slips.filter((slip) => slip.returned !== null).map((slip) => slip.slipId),
    onBalance,
  );

  const [legs, setLegs] = useState<SlipLeg[]>([]);
  const [stakeText, setStakeText] = useState('');
  const [stakeProblem, setStakeProblem] = useState<StakeProblem | null>(null);
  const [placedId, setPlacedId] = useState<string | null>(null);
  const placing = useRef(false);
  const stakeId = useId();
  const stakeErrorId = useId();

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: slipsKey(sessionId) });
    void queryClient.invalidateQueries({ queryKey: matchesKey(sessionId) });
  };
  const place = useMutation({
    mutationFn: (request: { stake: number; legs: SlipLeg[] }) =>
      placeSlip(sessionId, {
        stake: request.stake,
        legs: request.legs.map(({ matchId, market, pick, oddsBp }) => ({ matchId, market, pick, oddsBp })),
      }),
    meta: { errorToast: false },
    onSuccess: (result) => {
      onBalance(result.balance);
      setLegs([]);
      setStakeText('');
      setPlacedId(result.slip.slipId);
      refresh();
    },
    onSettled: () => {
      placing.current = false;
    },
  });
  const cashOut = useMutation({
    mutationFn: (slipId: string) => cashOutSlip(sessionId, slipId),
    meta: { errorToast: false },
    onSuccess: (result) => {
      onBalance(result.balance);
      refresh();
    },
    onError: refresh,
  });

  const teamName = (match: SandboxMatch, side: 'home' | 'away') => match[side].name;
  const pickLabel = (match: SandboxMatch, market: Market['key'], pick: PickSide) => {
    if (pick === 'draw') return t('providerPlay.sports.picks.draw');
    if (pick === 'over' || pick === 'under') return t(`providerPlay.sports.picks.${pick}`);
    if (market.kind === 'handicap')
      return `${teamName(match, pick)} ${lineOf(pick === 'home' ? market.quarters : -market.quarters, locale, true)}`;
    return teamName(match, pick);
  };
  const marketTitle = (key: Market['key']) => {
    if (key.kind === 'handicap')
      return t('providerPlay.sports.markets.handicap', { line: lineOf(key.quarters, locale, true) });
    if (key.kind === 'total')
      return t('providerPlay.sports.markets.total', { line: lineOf(key.quarters, locale, false) });
    return t(`providerPlay.sports.markets.${key.kind}`);
  };
  const matchById = new Map((matches.data?.matches ?? []).map((match) => [match.matchId, match]));

  const toggle = (match: SandboxMatch, market: Market, pick: PickSide, oddsBp: number) => {
    if (match.status !== 'open') return;
    place.reset();
    setPlacedId(null);
    setLegs((current) => {
      const chosen = current.find((leg) => leg.matchId === match.matchId);
      const others = current.filter((leg) => leg.matchId !== match.matchId);
      if (chosen && sameMarket(chosen.market, market.key) && chosen.pick === pick) return others;
      // One leg per match: a second pick of the match takes the first one's place.
      return [...others, { matchId: match.matchId, marketId: market.id, market: market.key, pick, oddsBp }];
    });
  };
  const isPicked = (match: SandboxMatch, market: Market, pick: PickSide) =>
    legs.some(
      (leg) => leg.matchId === match.matchId && sameMarket(leg.market, market.key) && leg.pick === pick,
    );

  const parsed = parseStake(stakeText);
  const stake = 'stake' in parsed ? parsed.stake : 0;
  const submit = () => {
    const checked = parseStake(stakeText);
    if ('problem' in checked) {
      setStakeProblem(checked.problem);
      return;
    }
    if (legs.length === 0 || placing.current) return;
    setStakeProblem(null);
    placing.current = true;
    place.mutate({ stake: checked.stake, legs });
  };

  if (matches.isPending)
    return (
      <p className="kl-provider-note" role="status">
        {t('providerPlay.sports.loading')}
      </p>
    );
  if (matches.isError && !matches.data)
    return (
      <LoadFailed className="kl-provider-card" error={matches.error} onRetry={() => void matches.refetch()} />
    );

  return (
    <div className="kl-sports" data-kind={kind}>
      <section className="kl-provider-card" aria-labelledby={`${stakeId}-matches`}>
        <h2 className="kl-provider-heading" id={`${stakeId}-matches`}>
          {t('providerPlay.sports.matches')}
        </h2>
        {shown.length === 0 ? (
          <p className="kl-provider-note">{t('providerPlay.sports.noMatches')}</p>
        ) : (
          <ul className="kl-sports-matches">
            {shown.map((match) => (
              <li key={match.matchId} className="kl-sports-match" data-testid="sports-match">
                <div className="kl-sports-match__head">
                  <span className="kl-sports-match__teams">
                    {t('providerPlay.sports.versus', { home: match.home.name, away: match.away.name })}
                  </span>
                  <span className="kl-sports-match__meta">
                    {kind === 'esports' && <span>{t(`providerPlay.sports.sports.${match.sport}`)} · </span>}
                    {/* The merchant's time, as every time of the site (the zone named on a phone elsewhere). */}
                    <time dateTime={match.kickOff}>{formatSiteDateTime(match.kickOff)}</time> ·{' '}
                    <span data-testid="match-status">{t(`providerPlay.sports.status.${match.status}`)}</span>
                    {match.score && (
                      <span>
                        {' '}
                        · {t('providerPlay.sports.score', { home: match.score.home, away: match.score.away })}
                      </span>
                    )}
                  </span>
                </div>
                {match.status === 'open' &&
                  match.markets.map((market) => (
                    <div
                      key={market.id}
                      className="kl-sports-market"
                      role="group"
                      aria-label={`${match.home.name} – ${match.away.name}: ${marketTitle(market.key)}`}
                    >
                      <span className="kl-sports-market__title">{marketTitle(market.key)}</span>
                      <span className="kl-sports-market__prices">
                        {market.selections.map((selection) => {
                          const label = pickLabel(match, market.key, selection.pick);
                          const odds = decimalOdds(selection.oddsBp, locale);
                          return (
                            <button
                              key={selection.pick}
                              type="button"
                              className="kl-sports-price"
                              aria-pressed={isPicked(match, market, selection.pick)}
                              aria-label={t('providerPlay.sports.pickAria', { pick: label, odds })}
                              onClick={() => toggle(match, market, selection.pick, selection.oddsBp)}
                            >
                              <span className="kl-sports-price__pick">{label}</span>
                              <strong className="kl-sports-price__odds">{odds}</strong>
                            </button>
                          );
                        })}
                      </span>
                    </div>
                  ))}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="kl-provider-card kl-sports-slip" aria-label={t('providerPlay.sports.slip')}>
        <h2 className="kl-provider-heading">{t('providerPlay.sports.slip')}</h2>
        {legs.length === 0 ? (
          <p className="kl-provider-note">{t('providerPlay.sports.slipEmpty')}</p>
        ) : (
          <>
            <p className="kl-sports-slip__kind" data-testid="slip-kind">
              {legs.length === 1
                ? t('providerPlay.sports.single')
                : t('providerPlay.sports.accumulator', { count: legs.length })}
            </p>
            <ul className="kl-provider-list">
              {legs.map((leg) => {
                const match = matchById.get(leg.matchId);
                return (
                  <li key={leg.matchId} className="kl-sports-leg">
                    <span className="kl-sports-leg__text">
                      {match
                        ? `${pickLabel(match, leg.market, leg.pick)} (${match.home.name} – ${match.away.name})`
                        : leg.matchId}
                    </span>
                    <strong>{decimalOdds(leg.oddsBp, locale)}</strong>
                    <button
                      type="button"
                      className="kl-button kl-button--outline kl-button--small"
                      aria-label={t('providerPlay.sports.removeLeg', {
                        pick: match ? pickLabel(match, leg.market, leg.pick) : leg.matchId,
                      })}
                      onClick={() => setLegs((current) => current.filter((other) => other !== leg))}
                    >
                      ×
                    </button>
                  </li>
                );
              })}
            </ul>
            <p data-testid="slip-odds">
              {t('providerPlay.sports.totalOdds', { odds: decimalOdds(combinedOddsBp(legs), locale) })}
            </p>
          </>
        )}
        <form
          className="kl-sports-stake"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <label htmlFor={stakeId}>{t('providerPlay.sports.stake', { currency: session.currency })}</label>
          <input
            id={stakeId}
            className="kl-sports-stake__input"
            inputMode="numeric"
            autoComplete="off"
            value={stakeText}
            aria-invalid={stakeProblem !== null}
            aria-describedby={stakeProblem ? stakeErrorId : undefined}
            onChange={(event) => {
              setStakeText(event.target.value);
              setStakeProblem(null);
            }}
          />
          {stakeProblem && (
            <p id={stakeErrorId} className="kl-provider-error" role="alert">
              {t(`providerPlay.sports.stakeErrors.${stakeProblem}`, {
                min: money(SANDBOX_SLIP_STAKE.min),
                max: money(SANDBOX_SLIP_STAKE.max),
              })}
            </p>
          )}
          <p data-testid="slip-return">
            {t('providerPlay.sports.potentialReturn', { amount: money(potentialReturn(stake, legs)) })}
          </p>
          <button
            type="submit"
            className="kl-button kl-button--primary"
            disabled={legs.length === 0 || place.isPending}
          >
            {place.isPending ? t('providerPlay.sports.placing') : t('providerPlay.sports.place')}
          </button>
          {place.isError && (
            <p className="kl-provider-error" role="alert">
              {messageFor(place.error)}
            </p>
          )}
          {placedId && (
            <p className="kl-provider-note" role="status">
              {t('providerPlay.sports.placed')}
            </p>
          )}
        </form>
      </section>

      <section className="kl-provider-card" aria-label={t('providerPlay.sports.mySlips')}>
        <h2 className="kl-provider-heading">{t('providerPlay.sports.mySlips')}</h2>
        {cashOut.isError && (
          <p className="kl-provider-error" role="alert">
            {errorCodeOf(cashOut.error) === 'CASH_OUT_CLOSED'
              ? t('providerPlay.sports.cashOutClosed')
              : messageFor(cashOut.error)}
          </p>
        )}
        {(slips.data?.slips ?? []).length === 0 ? (
          <p className="kl-provider-note">{t('providerPlay.sports.noSlips')}</p>
        ) : (
          <ul className="kl-provider-list">
            {(slips.data?.slips ?? []).map((slip) => (
              <SlipRow
                key={slip.slipId}
                slip={slip}
                money={money}
                describe={(leg) => {
                  const match = matchById.get(leg.matchId);
                  return match ? pickLabel(match, leg.market, leg.pick) : leg.pick;
                }}
                cashingOut={cashOut.isPending && cashOut.variables === slip.slipId}
                onCashOut={() => cashOut.mutate(slip.slipId)}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function SlipRow({
  slip,
  money,
  describe,
  cashingOut,
  onCashOut,
}: {
  slip: SandboxSlip;
  money: (amount: number) => string;
  describe: (leg: SandboxSlip['legs'][number]) => string;
  cashingOut: boolean;
  onCashOut: () => void;
}) {
  const { t, i18n } = useTranslation();
  const kindText =
    slip.kind === 'single'
      ? t('providerPlay.sports.single')
      : t('providerPlay.sports.accumulator', { count: slip.legs.length });
  return (
    <li className="kl-provider-bet kl-sports-placed" data-testid="my-slip">
      <span>
        {kindText} · {t('providerPlay.sports.slipStake', { amount: money(slip.stake) })}
      </span>
      <span className="kl-sports-placed__legs">
        {slip.legs.map((leg) => `${describe(leg)} @ ${decimalOdds(leg.oddsBp, i18n.language)}`).join(', ')}
      </span>
      <span className="kl-provider-bet__status" data-testid="slip-status">
        {t(`providerPlay.sports.slipStatus.${slip.status}`)}
        {slip.outcome && ` · ${t(`providerPlay.sports.outcomes.${outcomeKey(slip.outcome)}`)}`}
      </span>
      <span>
        {slip.returned === null
          ? t('providerPlay.sports.potentialReturn', { amount: money(slip.potentialReturn) })
          : t('providerPlay.sports.returned', { amount: money(slip.returned) })}
      </span>
      {slip.status === 'open' && (
        <button
          type="button"
          className="kl-button kl-button--outline kl-button--small"
          disabled={cashingOut}
          onClick={onCashOut}
        >
          {t('providerPlay.sports.cashOut')}
        </button>
      )}
    </li>
  );
}

const OUTCOMES = ['won', 'refunded', 'partly-lost', 'lost'] as const;
const outcomeKey = (outcome: string): (typeof OUTCOMES)[number] | 'other' =>
  (OUTCOMES as readonly string[]).includes(outcome) ? (outcome as (typeof OUTCOMES)[number]) : 'other';
