import type { SandboxTableBet, SandboxTableGame, SandboxTableRound } from '@kl/contracts/sandbox-provider';
import { useTranslation } from 'react-i18next';
import { useBetName } from './names.ts';

/** My bets at this table in the current and the last rounds: the lines, their status and what came back. */
export function MyBets({
  game,
  bets,
  rounds,
  money,
}: {
  game: SandboxTableGame;
  bets: readonly SandboxTableBet[];
  rounds: readonly SandboxTableRound[];
  money: (amount: number) => string;
}) {
  const { t } = useTranslation();
  const betName = useBetName();
  const seqOf = new Map(rounds.map((round) => [round.roundId, round.seq]));
  return (
    <section className="kl-provider-card kl-provider-mine" aria-labelledby={`provider-mine-${game}`}>
      <h2 id={`provider-mine-${game}`} className="kl-provider-heading">
        {t('providerGames.table.myBets')}
      </h2>
      {bets.length === 0 ? (
        <p className="kl-provider-note">{t('providerGames.table.noBets')}</p>
      ) : (
        <ul className="kl-provider-list">
          {bets.map((bet) => {
            const seq = seqOf.get(bet.roundId);
            return (
              <li
                key={bet.betId}
                className="kl-provider-bet"
                data-testid="provider-my-bet"
                data-status={bet.status}
              >
                <span className="kl-provider-bet__round">
                  {seq === undefined ? '' : t('providerGames.table.round', { seq })}
                </span>
                <span className="kl-provider-bet__lines">
                  {bet.bets.map((line) => `${betName(line.kind)} ${money(line.stake)}`).join(' · ')}
                </span>
                <span className="kl-provider-bet__status">
                  {t(`providerGames.table.status.${bet.status}`)}
                </span>
                {bet.returned !== null && (
                  <span className="kl-provider-bet__returned" data-testid="provider-bet-returned">
                    {t('providerGames.table.returned', { amount: money(bet.returned) })}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
