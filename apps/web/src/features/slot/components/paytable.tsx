import type { SlotSession } from '@kl/contracts/slot';
import { useTranslation } from 'react-i18next';
import { SymbolFace, useSymbolName } from './symbol-face.tsx';

/**
 * The paytable and rules of the machine, folded away under it: how it pays (lines or ways), what its wild,
 * scatter and cascades do, every symbol's pays, and the return to player and volatility it declares.
 */
export function Paytable({ session, format }: { session: SlotSession; format: (amount: number) => string }) {
  const { t, i18n } = useTranslation();
  const symbolName = useSymbolName(session.machine.theme);
  const machine = session.machine;
  const wild = machine.symbols.find((symbol) => symbol.kind === 'wild')?.code;
  const scatter = machine.symbols.find((symbol) => symbol.kind === 'scatter')?.code;
  const freeSpins = Object.entries(machine.freeSpins)
    .map(([count, spins]) => t('slot.rules.freeSpinAward', { count: Number(count), spins }))
    .join(', ');
  // The run lengths that pay something on this machine, shortest first.
  const counts = [...new Set(machine.symbols.flatMap((symbol) => Object.keys(symbol.pays).map(Number)))].sort(
    (a, b) => a - b,
  );
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 2 });
  return (
    <details className="kl-slot-paytable">
      <summary>{t('slot.paytable')}</summary>
      <section aria-label={t('slot.info.title')} data-testid="slot-machine-info">
        <p>{t('slot.info.machine', { name: machine.name })}</p>
        <p>{t('slot.info.rtp', { rtp: percent.format(machine.declaredRtp) })}</p>
        <p>{t('slot.info.volatility', { level: t(`slot.info.volatilityLevel.${machine.volatility}`) })}</p>
        <p className="kl-slot-note">{t('slot.info.rtpNote')}</p>
      </section>
      <p>
        {machine.ways
          ? t('slot.rules.ways', { ways: machine.ways.count, units: machine.ways.betUnits })
          : t('slot.rules.lines', { lines: machine.lineCount })}
      </p>
      {wild && (
        <p>
          {scatter
            ? t('slot.rules.wildNotScatter', { wild: symbolName(wild), scatter: symbolName(scatter) })
            : t('slot.rules.wild', { wild: symbolName(wild) })}
        </p>
      )}
      {scatter && machine.maxFreeSpins > 0 && (
        <p>
          {t('slot.rules.scatter', {
            scatter: symbolName(scatter),
            awards: freeSpins,
            multiplier: machine.freeSpinMultiplier,
            max: machine.maxFreeSpins,
          })}
        </p>
      )}
      {machine.cascade && (
        <p>
          {t('slot.rules.cascade', {
            multipliers: machine.cascade.multipliers.map((multiplier) => `×${multiplier}`).join(', '),
            max: machine.cascade.maxFalls,
          })}
        </p>
      )}
      {machine.jackpot && (
        <p>
          {t('slot.rules.jackpot', {
            count: machine.jackpot.count,
            symbol: symbolName(machine.jackpot.symbol),
            share: percent.format(machine.jackpot.contribution),
          })}
        </p>
      )}
      <table>
        <caption className="kl-visually-hidden">{t('slot.paytable')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('slot.rules.symbol')}</th>
            {counts.map((count) => (
              <th scope="col" key={count}>
                ×{count}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {machine.symbols.map((symbol) => (
            <tr key={symbol.code}>
              <th scope="row">
                <SymbolFace code={symbol.code} theme={machine.theme} />
              </th>
              {counts.map((count) => (
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
