import type { LotteryBetTypeOffer, LotteryGameDetail } from '@kl/contracts/lottery';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToastedMutation } from '../../../shared/hooks/use-toasted-mutation.ts';
import { formatMoney } from '@kl/contracts/money';
import { confirmDialog } from '../../../shared/ui/dialog.ts';
import { WALLET_QUERY_KEY } from '../../wallet/index.ts';
import { LOTTERY_KEY } from '../api/keys.ts';
import { placeLotteryBet, type PlaceBetRequest } from '../api/place-bet.ts';
import {
  betTotal,
  newRequestKey,
  parseTyped,
  quickPick,
  secondsUntil,
  type SelectionProblem,
  selectionProblem,
  winPerHit,
} from '../lib/bet.ts';
import { optionLabel } from '../lib/option-label.ts';
import { PickGrid } from './number-picker.tsx';

/** The selections of the current picks, with what is wrong with them (null when they may be placed). */
export function selectionsOf(
  offer: LotteryBetTypeOffer,
  picked: readonly string[],
  typed: string,
): { selections: string[][]; problem: SelectionProblem | 'empty' | null } {
  const rule = offer.pick;
  if (rule.kind === 'numbers' && rule.digits >= 3) {
    const parsed = parseTyped(rule, typed);
    if (parsed.selections.length === 0) return { selections: [], problem: 'empty' };
    return parsed;
  }
  if (picked.length === 0) return { selections: [], problem: 'empty' };
  if (rule.kind === 'numbers' && rule.count > 1) {
    const selection = [...picked];
    return { selections: [selection], problem: selectionProblem(rule, selection) };
  }
  const selections = picked.map((value) => [value]);
  const problem = selections
    .map((selection) => selectionProblem(rule, selection))
    .find((found) => found !== null);
  return { selections, problem: problem ?? null };
}

/** The bet form: bet type, picks, points, total and possible win; confirm, then one request per attempt. */
export function BetPanel({
  game,
  playType,
  serverNow,
}: {
  game: LotteryGameDetail;
  playType: 'trad' | 'ent';
  serverNow: number;
}) {
  const { t, i18n } = useTranslation();
  const ids = useId();
  const offers = useMemo(
    () => game.betTypes.filter((offer) => offer.playType === playType),
    [game, playType],
  );
  const [code, setCode] = useState(offers[0]?.code ?? null);
  const offer = offers.find((item) => item.code === code) ?? offers[0];
  const [picked, setPicked] = useState<string[]>([]);
  const [typed, setTyped] = useState('');
  const [pointsText, setPointsText] = useState('1');
  const [shown, setShown] = useState(false);
  const [balance, setBalance] = useState<number | null>(null);
  const money = (amount: number) => formatMoney(amount, 'VND', i18n.language);

  const place = useToastedMutation({
    mutationFn: (request: PlaceBetRequest) => placeLotteryBet(request),
    successText: t('lottery.placed'),
    invalidates: [WALLET_QUERY_KEY, [...LOTTERY_KEY, 'orders']],
    onSuccess: (answer) => {
      setBalance(answer.balance);
      setPicked([]);
      setTyped('');
      setShown(false);
    },
  });

  if (!offer) return <p className="kl-lottery-card">{t('lottery.noBetTypes')}</p>;
  const rule = offer.pick;
  const draw = game.openDraw;
  const open = draw !== null && secondsUntil(draw.closeAt, serverNow) > 0;
  const { selections, problem } = selectionsOf(offer, picked, typed);
  const points = /^\d+$/.test(pointsText) ? Number(pointsText) : Number.NaN;
  const pointsOk = Number.isInteger(points) && points >= 1 && points <= 1_000_000;
  const overLimit = pointsOk && points * offer.pricePerPoint > offer.maxPerNumber;
  const total = pointsOk ? betTotal(selections.length, points, offer.pricePerPoint) : 0;
  const overDraw = total > game.maxPerDraw;
  const win = pointsOk ? winPerHit(offer, selections, points) : 0;
  const pickError = problem && (shown || problem !== 'empty') ? problem : null;

  const chooseType = (next: LotteryBetTypeOffer['code']) => {
    setCode(next);
    setPicked([]);
    setTyped('');
    setShown(false);
  };
  const toggle = (value: string) =>
    setPicked((current) =>
      current.includes(value) ? current.filter((item) => item !== value) : [...current, value],
    );
  const randomPick = () => {
    const pick = quickPick(rule);
    if (rule.kind === 'numbers' && rule.digits >= 3) setTyped(pick.join(' '));
    else setPicked(pick);
  };
  const clear = () => {
    setPicked([]);
    setTyped('');
    setShown(false);
  };

  const submit = async () => {
    setShown(true);
    if (!draw || !open || problem || !pointsOk || overLimit || overDraw || place.isPending) return;
    const request: PlaceBetRequest = {
      drawId: draw.id,
      betType: offer.code,
      prizeMode: game.prizeMode,
      selections,
      points,
      requestKey: newRequestKey(),
    };
    const yes = await confirmDialog({
      title: t('lottery.confirmTitle'),
      content: t('lottery.confirmText', {
        betType: t(`lottery.betType.${offer.code}`),
        picks: selections
          .map((selection) => selection.map((value) => optionLabel(t, value)).join('-'))
          .join(', '),
        points,
        total: money(total),
        issue: draw.issue,
      }),
      confirmText: t('lottery.confirm'),
      cancelText: t('lottery.cancel'),
    });
    if (yes) place.mutate(request);
  };

  return (
    <form
      className="kl-lottery-bet"
      aria-label={t('lottery.betForm')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div role="radiogroup" aria-label={t('lottery.betTypeLabel')} className="kl-lottery-types">
        {offers.map((item) => (
          <button
            key={item.code}
            type="button"
            role="radio"
            aria-checked={item.code === offer.code}
            onClick={() => chooseType(item.code)}
          >
            {t(`lottery.betType.${item.code}`)}
          </button>
        ))}
      </div>
      <p className="kl-lottery-note">{t(`lottery.rule.${offer.code}`)}</p>
      <p className="kl-lottery-note" data-testid="lottery-odds">
        {t('lottery.odds', { price: money(offer.pricePerPoint), payout: money(offer.payoutPerPoint) })}
      </p>
      {rule.kind === 'numbers' && rule.digits >= 3 ? (
        <div className="kl-lottery-field">
          <label htmlFor={`${ids}-typed`}>{t('lottery.typedLabel', { digits: rule.digits })}</label>
          <input
            id={`${ids}-typed`}
            inputMode="numeric"
            autoComplete="off"
            value={typed}
            aria-invalid={pickError !== null}
            aria-describedby={pickError ? `${ids}-pick-error` : undefined}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
      ) : (
        <PickGrid
          rule={rule}
          picked={picked}
          onToggle={toggle}
          limit={rule.kind === 'numbers' && rule.count > 1 ? rule.count : undefined}
        />
      )}
      {pickError && (
        <p id={`${ids}-pick-error`} className="kl-lottery-error" role="alert">
          {t(`lottery.problem.${pickError}`, {
            digits: rule.kind === 'numbers' ? rule.digits : 0,
            n: rule.kind === 'numbers' ? rule.count : 1,
          })}
        </p>
      )}
      <p className="kl-lottery-actions">
        <button type="button" className="kl-button kl-button--outline" onClick={randomPick}>
          {t('lottery.quickPick')}
        </button>
        <button type="button" className="kl-button kl-button--outline" onClick={clear}>
          {t('lottery.clear')}
        </button>
      </p>
      <div className="kl-lottery-field">
        <label htmlFor={`${ids}-points`}>{t('lottery.points')}</label>
        <input
          id={`${ids}-points`}
          inputMode="numeric"
          value={pointsText}
          aria-invalid={!pointsOk || overLimit}
          aria-describedby={!pointsOk || overLimit ? `${ids}-points-error` : undefined}
          onChange={(event) => setPointsText(event.target.value.trim())}
        />
      </div>
      {(!pointsOk || overLimit) && (
        <p id={`${ids}-points-error`} className="kl-lottery-error" role="alert">
          {overLimit
            ? t('lottery.problem.overLimit', { max: money(offer.maxPerNumber) })
            : t('lottery.problem.points')}
        </p>
      )}
      {overDraw && (
        <p className="kl-lottery-error" role="alert">
          {t('lottery.problem.overDraw', { max: money(game.maxPerDraw) })}
        </p>
      )}
      <dl className="kl-lottery-sum">
        <div>
          <dt>{t('lottery.selections')}</dt>
          <dd data-testid="lottery-selections">{selections.length}</dd>
        </div>
        <div>
          <dt>{t('lottery.total')}</dt>
          <dd data-testid="lottery-total">{money(total)}</dd>
        </div>
        <div>
          <dt>{t('lottery.winPerHit')}</dt>
          <dd data-testid="lottery-win">{money(win)}</dd>
        </div>
      </dl>
      {!open && <p className="kl-lottery-note">{t('lottery.waitNext')}</p>}
      {balance !== null && (
        <p className="kl-lottery-note" data-testid="lottery-balance-after">
          {t('lottery.balanceAfter', { balance: money(balance) })}
        </p>
      )}
      <button type="submit" className="kl-button kl-button--primary" disabled={!open || place.isPending}>
        {place.isPending ? t('lottery.placing') : t('lottery.place')}
      </button>
    </form>
  );
}
