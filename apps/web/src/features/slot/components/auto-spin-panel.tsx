import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTO_SPIN_COUNTS, type AutoSpinSettings, type AutoStopReason } from '../lib/auto-spin.ts';

interface AutoSpinPanelProps {
  running: { left: number } | null;
  stopped: AutoStopReason | null;
  disabled: boolean;
  currency: string;
  onStart: (settings: AutoSpinSettings) => void;
  onStop: () => void;
}

/** A typed amount in whole units of the currency (VND has no minor unit): null when empty. */
function amountOf(text: string): number | null | 'invalid' {
  const trimmed = text.trim().replace(/[.,\s]/g, '');
  if (trimmed === '') return null;
  if (!/^\d{1,13}$/.test(trimmed)) return 'invalid';
  return Number(trimmed);
}

/**
 * Auto-spin: 10, 25, 50 or 100 rounds, stopping early on a win above an amount, on the balance falling
 * below an amount, or when free spins start; the Stop button ends it after the round in play.
 */
export function AutoSpinPanel({ running, stopped, disabled, currency, onStart, onStop }: AutoSpinPanelProps) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [count, setCount] = useState<number>(AUTO_SPIN_COUNTS[0]);
  const [winAbove, setWinAbove] = useState('');
  const [balanceBelow, setBalanceBelow] = useState('');
  const [onFreeSpins, setOnFreeSpins] = useState(true);
  const [error, setError] = useState<string | null>(null);

  if (running)
    return (
      <div className="kl-slot-auto" data-testid="slot-auto">
        <p role="status">{t('slot.auto.running', { count: running.left })}</p>
        <button type="button" className="kl-button kl-button--outline" onClick={onStop}>
          {t('slot.auto.stop')}
        </button>
      </div>
    );

  const start = (event: React.FormEvent) => {
    event.preventDefault();
    const win = amountOf(winAbove);
    const below = amountOf(balanceBelow);
    if (win === 'invalid' || below === 'invalid') {
      setError(t('slot.auto.invalidAmount'));
      return;
    }
    setError(null);
    setOpen(false);
    onStart({ count, winAbove: win, balanceBelow: below, onFreeSpins });
  };

  return (
    <div className="kl-slot-auto" data-testid="slot-auto">
      {stopped && <p role="status">{t(`slot.auto.stopped.${stopped}`)}</p>}
      <button
        type="button"
        className="kl-button kl-button--outline"
        aria-expanded={open}
        aria-controls={`${id}-form`}
        disabled={disabled}
        onClick={() => setOpen((value) => !value)}
      >
        {t('slot.auto.open')}
      </button>
      {open && (
        <form
          id={`${id}-form`}
          className="kl-slot-auto-form"
          aria-label={t('slot.auto.title')}
          onSubmit={start}
          noValidate
        >
          <fieldset>
            <legend>{t('slot.auto.count')}</legend>
            <div className="kl-slot-chips">
              {AUTO_SPIN_COUNTS.map((value) => (
                <label key={value} className="kl-slot-chip">
                  <input
                    type="radio"
                    name={`${id}-count`}
                    value={value}
                    checked={count === value}
                    onChange={() => setCount(value)}
                  />
                  <span>{value}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <label className="kl-slot-field">
            <span>{t('slot.auto.winAbove', { currency })}</span>
            <input
              inputMode="numeric"
              value={winAbove}
              onChange={(event) => setWinAbove(event.target.value)}
              aria-invalid={error !== null && amountOf(winAbove) === 'invalid'}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </label>
          <label className="kl-slot-field">
            <span>{t('slot.auto.balanceBelow', { currency })}</span>
            <input
              inputMode="numeric"
              value={balanceBelow}
              onChange={(event) => setBalanceBelow(event.target.value)}
              aria-invalid={error !== null && amountOf(balanceBelow) === 'invalid'}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </label>
          <label className="kl-slot-check">
            <input
              type="checkbox"
              checked={onFreeSpins}
              onChange={(event) => setOnFreeSpins(event.target.checked)}
            />
            <span>{t('slot.auto.onFreeSpins')}</span>
          </label>
          {error && (
            <p id={`${id}-error`} className="kl-slot-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="kl-button kl-button--primary">
            {t('slot.auto.start', { count })}
          </button>
        </form>
      )}
    </div>
  );
}
