import type { SandboxSlotSpinResult } from '@kl/contracts/sandbox-provider';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReducedMotion } from '../../../../shared/hooks/use-reduced-motion.ts';
import { errorCodeOf, messageFor } from '../../../../shared/lib/api-client.ts';
import { formatMoney } from '@kl/contracts/money';
import { LoadFailed } from '../../../../shared/ui/load-failed.tsx';
import type { ProviderGameProps } from '../../api/provider-call.ts';
import { PlaySeeds } from '../../components/fairness.tsx';
import { keepFreeRounds, spinSlot, useSlotState } from './api.ts';
import { FreeRounds } from './free-rounds.tsx';
import './slot.css';

/** Symbols the machine has (contracts slot-machine.ts), each with its name in the texts. */
const SYMBOLS = ['WILD', 'SCATTER', 'DRAGON', 'PHOENIX', 'TIGER', 'KOI', 'A', 'K', 'Q', 'J', 'TEN'] as const;
type SymbolCode = (typeof SYMBOLS)[number];
const isSymbol = (code: string): code is SymbolCode => (SYMBOLS as readonly string[]).includes(code);

/** What a symbol shows on the reel (letters for the cards, a short mark for the pictures). */
const FACES: Record<SymbolCode, string> = {
  WILD: '★',
  SCATTER: '✉',
  DRAGON: '龍',
  PHOENIX: '鳳',
  TIGER: '虎',
  KOI: '鯉',
  A: 'A',
  K: 'K',
  Q: 'Q',
  J: 'J',
  TEN: '10',
};

/** Failures after which the same spin may still have been taken: the next tap sends it again. */
const UNANSWERED = new Set(['NETWORK_OFFLINE', 'GAME_PROVIDER_UNAVAILABLE', 'UNKNOWN_ERROR']);

/** A fresh request key: 16 random bytes, hex (getRandomValues works outside secure contexts too). */
const newRequestKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );

/** What a spin asks: a paid spin at a line bet, or a free round. */
type SpinAsked = { lineBet: number } | { free: true };

/**
 * The sandbox provider's slot (docs/decisions/026-sandbox-provider.md): 5 reels × 3 rows and 20 lines,
 * a line bet picked from the machine's, a spin that stakes the total bet and pays at once. The reels show
 * the spin's symbols, then its winning lines, the free spins it led to, the amount won and the spin's
 * seeds. A spin that got no answer is sent again under the same request key, so it is never staked twice.
 * While the operator's free rounds are left (docs/decisions/065-provider-credits.md) they replace the line
 * bet and the spin: each plays one at their line bet, staking nothing.
 */
export function SlotGame({ session, onBalance }: ProviderGameProps) {
  const { t, i18n } = useTranslation();
  const reduced = useReducedMotion();
  const queryClient = useQueryClient();
  const machine = useSlotState(session.sessionId);
  const money = (amount: number) => formatMoney(amount, session.currency, i18n.language);
  const [lineBet, setLineBet] = useState<number | null>(null);
  const [last, setLast] = useState<SandboxSlotSpinResult | null>(null);
  /** The request key of the spin that got no answer, and whether it was a free round. */
  const pending = useRef<{ key: string; free: boolean } | null>(null);
  const spinning = useRef(false);
  const betId = useId();

  const spin = useMutation({
    mutationFn: (request: SpinAsked & { requestKey: string }) => spinSlot(session.sessionId, request),
    meta: { errorToast: false },
    onSuccess: (result) => {
      pending.current = null;
      setLast(result);
      onBalance(result.balance);
      keepFreeRounds(queryClient, session.sessionId, result.freeRounds);
    },
    onError: (error) => {
      const code = errorCodeOf(error);
      if (!UNANSWERED.has(code)) pending.current = null;
      // None left after all (played elsewhere, or expired): the paid spin comes back.
      if (code === 'BONUS_NOT_CLAIMABLE') keepFreeRounds(queryClient, session.sessionId, null);
    },
    onSettled: () => {
      spinning.current = false;
    },
  });

  if (machine.isPending)
    return (
      <p className="kl-provider-note" role="status">
        {t('providerPlay.slot.loading')}
      </p>
    );
  if (machine.isError)
    return (
      <LoadFailed className="kl-provider-card" error={machine.error} onRetry={() => void machine.refetch()} />
    );

  const info = machine.data;
  const bet = lineBet ?? info.lineBets[0] ?? 0;
  const symbolName = (code: string) => (isSymbol(code) ? t(`providerPlay.slot.symbols.${code}`) : code);
  const start = (asked: SpinAsked) => {
    if (spinning.current) return;
    spinning.current = true;
    const free = 'free' in asked;
    // A spin that got no answer is asked again under its key; another kind of spin is a new one.
    if (pending.current?.free !== free) pending.current = { key: newRequestKey(), free };
    spin.mutate({ ...asked, requestKey: pending.current.key });
  };
  const base = last?.spins[0];
  const freeSpins = (last?.spins.length ?? 1) - 1;
  const grid =
    base?.grid ?? Array.from({ length: info.reelCount }, () => Array.from({ length: info.rows }, () => ''));

  return (
    <div className="kl-slot">
      <div
        className="kl-slot-reels"
        data-testid="slot-reels"
        data-spinning={spin.isPending && !reduced ? 'true' : undefined}
        aria-busy={spin.isPending}
      >
        {grid.map((column, reel) => (
          <div key={reel} className="kl-slot-reel" data-testid={`slot-reel-${reel}`}>
            {column.map((code, row) =>
              code ? (
                <span
                  key={row}
                  className="kl-slot-symbol"
                  data-symbol={code}
                  role="img"
                  aria-label={symbolName(code)}
                >
                  {isSymbol(code) ? FACES[code] : code}
                </span>
              ) : (
                <span key={row} className="kl-slot-symbol" aria-hidden="true" />
              ),
            )}
          </div>
        ))}
      </div>

      {info.freeRounds ? (
        <FreeRounds
          freeRounds={info.freeRounds}
          lineCount={info.lineCount}
          money={money}
          spinning={spin.isPending}
          onPlay={() => start({ free: true })}
        />
      ) : (
        <div className="kl-provider-slip">
          <label htmlFor={betId}>{t('providerPlay.slot.lineBet')}</label>
          <select
            id={betId}
            className="kl-slot-bet"
            value={bet}
            disabled={spin.isPending}
            onChange={(event) => {
              setLineBet(Number(event.target.value));
              pending.current = null;
            }}
          >
            {info.lineBets.map((level) => (
              <option key={level} value={level}>
                {money(level)}
              </option>
            ))}
          </select>
          <p className="kl-provider-slip__total" data-testid="slot-total-bet">
            {t('providerPlay.slot.totalBet', { amount: money(bet * info.lineCount), lines: info.lineCount })}
          </p>
          <button
            type="button"
            className="kl-button kl-button--primary"
            disabled={spin.isPending}
            onClick={() => start({ lineBet: bet })}
          >
            {spin.isPending ? t('providerPlay.slot.spinning') : t('providerPlay.slot.spin')}
          </button>
        </div>
      )}

      {spin.isError && (
        <p className="kl-provider-error" role="alert">
          {errorCodeOf(spin.error) === 'BONUS_NOT_CLAIMABLE'
            ? t('providerPlay.slot.freeRounds.none')
            : messageFor(spin.error)}
        </p>
      )}

      {last && (
        <section className="kl-provider-card" aria-label={t('providerPlay.slot.result')}>
          <p className="kl-slot-win" data-testid="slot-win" role="status">
            {last.returned > 0
              ? t('providerPlay.slot.win', { amount: money(last.returned) })
              : t('providerPlay.slot.noWin')}
          </p>
          {last.free && <p className="kl-provider-note">{t('providerPlay.slot.freeRounds.played')}</p>}
          {freeSpins > 0 && (
            <p className="kl-provider-note">{t('providerPlay.slot.freeSpins', { count: freeSpins })}</p>
          )}
          {base && base.lineWins.length > 0 && (
            <ul className="kl-provider-list" aria-label={t('providerPlay.slot.winLines')}>
              {base.lineWins.map((win) => (
                <li key={win.line} data-testid="slot-line-win">
                  {t('providerPlay.slot.lineWin', {
                    line: win.line + 1,
                    count: win.count,
                    symbol: symbolName(win.symbol),
                    amount: money(win.win),
                  })}
                </li>
              ))}
            </ul>
          )}
          {base && base.scatterWin > 0 && (
            <p>
              {t('providerPlay.slot.scatterWin', { count: base.scatters, amount: money(base.scatterWin) })}
            </p>
          )}
          <PlaySeeds fairness={last.fairness} hashTestId="slot-seed-hash" />
        </section>
      )}
    </div>
  );
}
