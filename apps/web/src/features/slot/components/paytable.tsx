import type { SlotSession } from '@kl/contracts/slot';
import { useTranslation } from 'react-i18next';
import { SymbolFace } from './symbol-face.tsx';

/** The paytable and rules, folded away under the machine. */
export function Paytable({ session, format }: { session: SlotSession; format: (amount: number) => string }) {
  const { t } = useTranslation();
  const machine = session.machine;
  const freeSpins = Object.entries(machine.freeSpins)
    .map(([count, spins]) => t('slot.rules.freeSpinAward', { count: Number(count), spins }))
    .join(', ');
  return (
    <details className="kl-slot-paytable">
      <summary>{t('slot.paytable')}</summary>
      <p>{t('slot.rules.lines', { lines: machine.lineCount })}</p>
      <p>{t('slot.rules.wild')}</p>
      <p>
        {t('slot.rules.scatter', {
          awards: freeSpins,
          multiplier: machine.freeSpinMultiplier,
          max: machine.maxFreeSpins,
        })}
      </p>
      <table>
        <caption className="kl-visually-hidden">{t('slot.paytable')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('slot.rules.symbol')}</th>
            <th scope="col">×3</th>
            <th scope="col">×4</th>
            <th scope="col">×5</th>
          </tr>
        </thead>
        <tbody>
          {machine.symbols.map((symbol) => (
            <tr key={symbol.code}>
              <th scope="row">
                <SymbolFace code={symbol.code} />
              </th>
              {[3, 4, 5].map((count) => (
                <td key={count}>{symbol.pays[count] ? `${symbol.pays[count]}×` : '–'}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="kl-slot-note">{t('slot.rules.pays', { example: format(machine.betLevels[0] ?? 100) })}</p>
    </details>
  );
}
