import type {
  SlotMachineInfo,
  SlotMode,
  SlotRound,
  SlotSession,
  SlotSpinOutcome,
  SlotSpinResult,
} from '@kl/contracts/slot';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@kl/contracts/money';
import { WALLET_QUERY_KEY } from '../../wallet/index.ts';
import { SLOT_HISTORY_KEY, slotSessionKey } from '../api/keys.ts';
import { spinSlot } from '../api/spin.ts';
import { type AutoSpinSettings, type AutoStopReason, autoStopAfter } from '../lib/auto-spin.ts';
import { playCue, soundPreference } from '../lib/sound.ts';
import { prefersReducedMotion, SLOT_TIMING } from '../lib/timing.ts';
import { AutoSpinPanel } from './auto-spin-panel.tsx';
import { Paytable } from './paytable.tsx';
import { cellKey, type ReelTarget, Reels } from './reels.tsx';
import { useSymbolName } from './symbol-face.tsx';

interface SlotGameProps {
  session: SlotSession;
  mode: SlotMode;
  /** The launched catalogue game the rounds are played as (null: the in-house machine). */
  gameId: string | null;
}

interface Outcome {
  round: SlotRound;
  /** 1-based free spin being shown, with how many the round has. */
  freeSpin: { index: number; total: number } | null;
  /** The fall of a cascading machine being shown (1-based), or null for the spin's first grid. */
  fall: number | null;
}

/** The scatter symbol of a machine, if it has one. */
const scatterOf = (machine: SlotMachineInfo) =>
  machine.symbols.find((symbol) => symbol.kind === 'scatter')?.code;

/** The cells (reel, row) a grid's line and way wins are made of. */
function winningCells(
  machine: SlotMachineInfo,
  shown: Pick<SlotSpinOutcome, 'grid' | 'lineWins' | 'wayWins'>,
): Set<string> {
  const cells = new Set<string>();
  for (const lineWin of shown.lineWins) {
    const rows = machine.lines[lineWin.line] ?? [];
    for (let reel = 0; reel < lineWin.count; reel += 1) cells.add(cellKey(reel, rows[reel] ?? 0));
  }
  const wilds = new Set(
    machine.symbols.filter((symbol) => symbol.kind === 'wild').map((symbol) => symbol.code),
  );
  for (const wayWin of shown.wayWins ?? []) {
    for (let reel = 0; reel < wayWin.count; reel += 1)
      shown.grid[reel]?.forEach((code, row) => {
        if (code === wayWin.symbol || wilds.has(code)) cells.add(cellKey(reel, row));
      });
  }
  return cells;
}

const sleep = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));
const newRequestKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/** The grid at rest before any spin: the top of each base strip. */
const restingGrid = (session: SlotSession) =>
  session.machine.reels.map((strip) =>
    Array.from({ length: session.machine.rows }, (_, row) => strip[row % strip.length] ?? 'A'),
  );

/**
 * The machine: reels, balance, bet per line, spin, auto-spin, win with its lines, free spins and sound.
 * The balance shown comes from the spin answers (the bet leaves it when the reels start, the win comes back
 * when they stop); afterwards the wallet and the history are fetched again.
 */
export function SlotGame({ session, mode, gameId }: SlotGameProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const machine = session.machine;
  const money = session.balance.money;
  const currency = session.balance.currency;
  const fmt = useCallback(
    (amount: number) => formatMoney(amount, currency, i18n.language),
    [currency, i18n.language],
  );
  const betId = useId();
  const symbolName = useSymbolName(session.machine.theme);

  const [balance, setBalance] = useState(session.balance.amount);
  /** A jackpot machine's pool, as the last answer said. */
  const [pool, setPool] = useState(machine.jackpot?.pool ?? null);
  const [lineBet, setLineBet] = useState(machine.betLevels[0] ?? 100);
  const [spinning, setSpinning] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [settledWin, setSettledWin] = useState<number | null>(null);
  const [target, setTarget] = useState<ReelTarget | null>(null);
  const [sound, setSound] = useState(soundPreference.read);
  const [auto, setAuto] = useState<{ left: number } | null>(null);
  const [autoStopped, setAutoStopped] = useState<AutoStopReason | null>(null);
  const initial = useMemo(() => restingGrid(session), [session]);
  const totalBet = lineBet * (machine.ways?.betUnits ?? machine.lineCount);

  const mounted = useRef(true);
  const shown = useRef<string[][]>(initial);
  const settle = useRef<((id: number) => void) | null>(null);
  const stopAuto = useRef(false);
  const soundOn = useRef(sound);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      settle.current = null;
    };
  }, []);
  useEffect(() => {
    soundOn.current = sound;
  }, [sound]);

  const cue = useCallback((name: Parameters<typeof playCue>[0]) => {
    if (soundOn.current) playCue(name);
  }, []);
  const onReelStop = useCallback(() => cue('stop'), [cue]);
  const onSettled = useCallback((id: number) => {
    const resolve = settle.current;
    settle.current = null;
    resolve?.(id);
  }, []);

  const durationMs = prefersReducedMotion() ? 0 : SLOT_TIMING.reelMs;
  const spinIds = useRef(0);
  /**
   * Shows a grid on the reels and waits until every reel has stopped; `instant` puts it in place without
   * turning the reels (a cascade's fall).
   */
  const showGrid = useCallback((grid: string[][], instant = false) => {
    spinIds.current += 1;
    const id = spinIds.current;
    const from = shown.current;
    shown.current = grid;
    return new Promise<void>((resolve) => {
      settle.current = () => resolve();
      setTarget({ id, grid, from, instant });
    });
  }, []);

  /** One paid round: asked for, then shown spin by spin. Null when refused (the reason was shown). */
  const playOnce = useCallback(async (): Promise<SlotSpinResult | null> => {
    setSpinning(true);
    setSettledWin(null);
    setOutcome(null);
    cue('spin');
    let result: SlotSpinResult;
    try {
      result = await spinSlot({ lineBet, requestKey: newRequestKey(), mode, ...(gameId && { gameId }) });
    } catch {
      if (mounted.current) setSpinning(false);
      return null;
    }
    if (!mounted.current) return result;
    const round = result.round;
    setBalance(round.balanceAfter - round.totalWin);
    const total = round.spins.length - 1;
    for (const [index, spin] of round.spins.entries()) {
      const freeSpin = index === 0 ? null : { index, total };
      setOutcome({ round, freeSpin, fall: null });
      await showGrid(spin.grid);
      if (!mounted.current) return result;
      // A cascading machine's falls: each grid in turn, its wins marked, after a pause on the one before.
      for (const [fall, cascade] of (spin.cascades ?? []).entries()) {
        await sleep(SLOT_TIMING.autoPauseMs / 2);
        if (!mounted.current) return result;
        setOutcome({ round, freeSpin, fall: fall + 1 });
        await showGrid(cascade.grid, true);
        if (!mounted.current) return result;
      }
      if (index < total) await sleep(SLOT_TIMING.autoPauseMs / 2);
    }
    setBalance(result.balance.amount);
    if (result.jackpotPool !== null) setPool(result.jackpotPool);
    setSettledWin(round.totalWin);
    setSpinning(false);
    if (round.totalWin >= round.totalBet * 10) cue('bigWin');
    else if (round.totalWin > 0) cue('win');
    queryClient.setQueryData(slotSessionKey(mode, gameId), {
      ...session,
      balance: result.balance,
      seed: result.seed,
    } satisfies SlotSession);
    if (result.balance.money !== 'play') void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: SLOT_HISTORY_KEY });
    return result;
  }, [cue, gameId, lineBet, mode, queryClient, session, showGrid]);

  const startAuto = async (settings: AutoSpinSettings) => {
    stopAuto.current = false;
    setAutoStopped(null);
    let left = settings.count;
    setAuto({ left });
    let reason: AutoStopReason | null = null;
    while (reason === null) {
      const result = await playOnce();
      if (!mounted.current) return;
      if (!result) {
        reason = 'error';
        break;
      }
      left -= 1;
      setAuto({ left });
      reason = stopAuto.current
        ? 'user'
        : autoStopAfter(settings, result.round, result.balance.amount, left, totalBet);
      if (reason === null) await sleep(SLOT_TIMING.autoPauseMs);
      if (reason === null && stopAuto.current) reason = 'user';
    }
    if (!mounted.current) return;
    setAuto(null);
    setAutoStopped(reason);
  };

  const lastSpin = outcome ? outcome.round.spins[outcome.freeSpin?.index ?? 0] : undefined;
  /** The grid shown and its wins: the spin's, or those of the fall being shown. */
  const shownWins = useMemo(() => {
    if (!lastSpin) return undefined;
    const fall = outcome?.fall ? lastSpin.cascades?.[outcome.fall - 1] : undefined;
    return fall ?? lastSpin;
  }, [lastSpin, outcome?.fall]);
  const showWins =
    outcome !== null && (settledWin !== null || outcome.freeSpin !== null || outcome.fall !== null);
  const winning = useMemo(
    () => (showWins && shownWins ? winningCells(machine, shownWins) : new Set<string>()),
    [showWins, shownWins, machine],
  );
  const freeSpinsWon = outcome ? outcome.round.spins.length - 1 : 0;
  const canAfford = balance >= totalBet;
  const moneyLabel = t(`slot.money.${money}`);

  const toggleSound = () => {
    const next = !sound;
    setSound(next);
    soundPreference.write(next);
    if (next) playCue('stop');
  };

  return (
    <div className="kl-slot-game" data-money={money} data-slot-theme={machine.theme}>
      <div className="kl-slot-status">
        <p className="kl-slot-balance">
          <span className="kl-slot-label">{moneyLabel}</span>
          <span data-testid="slot-balance">{fmt(balance)}</span>
        </p>
        <button
          type="button"
          className="kl-button kl-button--small kl-button--outline"
          aria-pressed={sound}
          onClick={toggleSound}
        >
          {sound ? t('slot.soundOn') : t('slot.soundOff')}
        </button>
      </div>

      {machine.jackpot && pool !== null && (
        <p className="kl-slot-jackpot" data-testid="slot-jackpot">
          {t('slot.jackpot.pool', { amount: fmt(pool) })}
        </p>
      )}

      <Reels
        strips={machine.reels}
        rows={machine.rows}
        theme={machine.theme}
        initial={initial}
        target={target}
        durationMs={durationMs}
        staggerMs={durationMs > 0 ? SLOT_TIMING.reelStaggerMs : 0}
        winning={winning}
        onReelStop={onReelStop}
        onSettled={onSettled}
      />

      <div className="kl-slot-result" aria-live="polite" data-testid="slot-result">
        {outcome?.freeSpin && (
          <p className="kl-slot-free" data-testid="slot-free-spins">
            {t('slot.freeSpinOf', { index: outcome.freeSpin.index, total: outcome.freeSpin.total })}
          </p>
        )}
        {settledWin !== null && outcome && (
          <>
            <p className="kl-slot-win" data-testid="slot-win">
              {settledWin > 0 ? t('slot.win', { amount: fmt(settledWin) }) : t('slot.noWin')}
            </p>
            {outcome.round.jackpotWin > 0 && (
              <p className="kl-slot-win" data-testid="slot-jackpot-win">
                {t('slot.jackpot.won', { amount: fmt(outcome.round.jackpotWin) })}
              </p>
            )}
            {freeSpinsWon > 0 && <p>{t('slot.freeSpinsWon', { count: freeSpinsWon })}</p>}
          </>
        )}
        {showWins && shownWins && shownWins.lineWins.length > 0 && (
          <ul className="kl-slot-lines" aria-label={t('slot.winningLines')}>
            {shownWins.lineWins.map((lineWin) => (
              <li key={lineWin.line}>
                {t('slot.lineWin', {
                  line: lineWin.line + 1,
                  count: lineWin.count,
                  symbol: symbolName(lineWin.symbol),
                  amount: fmt(lineWin.win),
                })}
              </li>
            ))}
          </ul>
        )}
        {showWins && shownWins && (shownWins.wayWins ?? []).length > 0 && (
          <ul className="kl-slot-lines" aria-label={t('slot.winningWays')}>
            {(shownWins.wayWins ?? []).map((wayWin) => (
              <li key={wayWin.symbol}>
                {t('slot.wayWin', {
                  count: wayWin.count,
                  symbol: symbolName(wayWin.symbol),
                  ways: wayWin.ways,
                  amount: fmt(wayWin.win),
                })}
              </li>
            ))}
          </ul>
        )}
        {showWins && lastSpin && (lastSpin.cascades ?? []).some((cascade) => cascade.win > 0) && (
          <ul className="kl-slot-lines" aria-label={t('slot.falls')}>
            {(lastSpin.cascades ?? []).map((cascade, fall) =>
              // The falls shown so far that paid (all of them once the spin has settled).
              cascade.win > 0 && fall < (outcome?.fall ?? 0) ? (
                <li key={fall}>
                  {t('slot.fallWin', {
                    fall: fall + 1,
                    multiplier: cascade.multiplier,
                    amount: fmt(cascade.win),
                  })}
                </li>
              ) : null,
            )}
          </ul>
        )}
        {showWins && lastSpin && lastSpin.scatterWin > 0 && (
          <p>
            {t('slot.scatterWin', {
              count: lastSpin.scatters,
              symbol: symbolName(scatterOf(machine) ?? 'SCATTER'),
              amount: fmt(lastSpin.scatterWin),
            })}
          </p>
        )}
      </div>

      <div className="kl-slot-controls">
        <label className="kl-slot-bet" htmlFor={betId}>
          <span>{t('slot.lineBet')}</span>
          <select
            id={betId}
            value={lineBet}
            disabled={spinning || auto !== null}
            onChange={(event) => setLineBet(Number(event.target.value))}
          >
            {machine.betLevels.map((level) => (
              <option key={level} value={level}>
                {fmt(level)}
              </option>
            ))}
          </select>
        </label>
        <p className="kl-slot-total" data-testid="slot-total-bet">
          {machine.ways
            ? t('slot.totalBetWays', {
                amount: fmt(totalBet),
                units: machine.ways.betUnits,
                ways: machine.ways.count,
              })
            : t('slot.totalBet', { amount: fmt(totalBet), lines: machine.lineCount })}
        </p>
        <button
          type="button"
          className="kl-button kl-button--primary kl-slot-spin"
          disabled={spinning || auto !== null || !canAfford}
          onClick={() => void playOnce()}
        >
          {spinning && auto === null ? t('slot.spinning') : t('slot.spin')}
        </button>
        {!canAfford && !spinning && (
          <p className="kl-slot-warning" role="status">
            {money === 'real' ? t('slot.notEnough') : t('slot.notEnoughPlay')}
          </p>
        )}
      </div>

      <AutoSpinPanel
        running={auto}
        stopped={autoStopped}
        disabled={(spinning && auto === null) || !canAfford}
        currency={currency}
        onStart={(settings) => void startAuto(settings)}
        onStop={() => {
          stopAuto.current = true;
        }}
      />

      <Paytable session={session} format={fmt} />
    </div>
  );
}
