import { handTotal } from '@kl/contracts/baccarat';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReducedMotion } from '../../../../shared/hooks/use-reduced-motion.ts';
import { type BaccaratOutcome, type Card, dealOrder } from '../../lib/outcomes.ts';
import { TABLE_TIMING } from '../../lib/timing.ts';

const SUIT_SIGNS = { spades: '♠', hearts: '♥', diamonds: '♦', clubs: '♣' } as const;
const RANK_SIGNS: Record<number, string> = { 1: 'A', 11: 'J', 12: 'Q', 13: 'K' };

/**
 * The baccarat table: the player's and the banker's hands dealt card by card (player, banker, player,
 * banker, then the third cards) at the deal's pace, each card sliding in by a CSS transition; a member
 * asking for less motion sees the whole deal at once. Then the totals, the winner and the pairs.
 */
export function BaccaratBoard({ outcome }: { outcome: BaccaratOutcome | null }) {
  const { t } = useTranslation();
  const reduced = useReducedMotion();
  const order = outcome ? dealOrder(outcome) : [];
  const [dealt, setDealt] = useState(0);
  const shown = reduced ? order.length : Math.min(dealt, order.length);
  useEffect(() => {
    if (reduced || !outcome || dealt >= order.length) return;
    // The first card comes at once; each next one after the deal's pause.
    const timer = window.setTimeout(
      () => setDealt((count) => count + 1),
      dealt === 0 ? 0 : TABLE_TIMING.dealMs,
    );
    return () => window.clearTimeout(timer);
  }, [reduced, outcome, dealt, order.length]);

  const done = outcome !== null && shown >= order.length;
  const visible = (side: 'player' | 'banker') =>
    order
      .slice(0, shown)
      .filter((step) => step.side === side)
      .map((step) => outcome?.[side][step.index])
      .filter((card) => card !== undefined);
  const hand = (side: 'player' | 'banker') => {
    const cards = visible(side);
    const slots = outcome ? outcome[side].length : 2;
    const winner = done && outcome.winner === side;
    return (
      <div
        className="kl-provider-hand"
        data-side={side}
        data-winner={winner ? 'true' : undefined}
        data-testid={`baccarat-${side}`}
        role="group"
        aria-label={t(`providerGames.bets.${side}`)}
      >
        <p className="kl-provider-hand__title">
          <span>{t(`providerGames.bets.${side}`)}</span>
          {outcome && cards.length > 0 && (
            <span className="kl-provider-hand__total" data-testid={`baccarat-${side}-total`}>
              {t('providerGames.baccarat.total', {
                total: done ? outcome[`${side}Total`] : handTotal(cards),
              })}
            </span>
          )}
        </p>
        <ul className="kl-provider-cards">
          {Array.from({ length: Math.max(slots, 2) }, (_, index) => {
            const card = cards[index];
            return (
              <li key={index} className="kl-provider-card-slot">
                {card ? (
                  <PlayingCard card={card} />
                ) : (
                  <span className="kl-provider-playing-card" data-face="down" aria-hidden="true" />
                )}
              </li>
            );
          })}
        </ul>
      </div>
    );
  };

  return (
    <div className="kl-provider-board kl-provider-baccarat" data-testid="provider-board" data-dealt={shown}>
      <div className="kl-provider-hands">
        {hand('player')}
        {hand('banker')}
      </div>
      <p className="kl-provider-board__status" role="status">
        {!outcome
          ? t('providerGames.baccarat.waiting')
          : done
            ? [
                t(`providerGames.baccarat.wins.${outcome.winner}`),
                outcome.playerPair ? t('providerGames.bets.player-pair') : null,
                outcome.bankerPair ? t('providerGames.bets.banker-pair') : null,
              ]
                .filter((part) => part !== null)
                .join(' · ')
            : t('providerGames.baccarat.dealing')}
      </p>
    </div>
  );
}

function PlayingCard({ card }: { card: Card }) {
  const { t } = useTranslation();
  const rank = RANK_SIGNS[card.rank] ?? String(card.rank);
  const red = card.suit === 'hearts' || card.suit === 'diamonds';
  return (
    <span
      className="kl-provider-playing-card"
      data-face="up"
      data-red={red ? 'true' : undefined}
      role="img"
      aria-label={t('providerGames.baccarat.card', {
        rank,
        suit: t(`providerGames.baccarat.suits.${card.suit}`),
      })}
    >
      <span aria-hidden="true">
        {rank}
        {SUIT_SIGNS[card.suit]}
      </span>
    </span>
  );
}
