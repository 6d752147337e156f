import { SLOT_TITLE_MACHINE_IDS } from '@kl/contracts/slot';
import { STUDIO_MACHINES, studioMachine } from '@kl/contracts/slot-machines/index';
import { TREASURE_SHIP } from '@kl/contracts/slot-machines/treasure-ship';
import { describe, expect, it } from 'vitest';
import { playRound, type Draws } from './engine.ts';
import { fairDraws } from './fair.ts';
import { machineRtp } from './rtp.ts';

/** Symbols a window must never show twice: two would double a scatter's count or a jackpot's chance. */
const spacedSymbols = (studio: (typeof STUDIO_MACHINES)[number]) =>
  Object.entries(studio.machine.symbols)
    .filter(([code, symbol]) => symbol.kind === 'scatter' || code === studio.machine.jackpot?.symbol)
    .map(([code]) => code);

/** Draws that stop the reels at these positions, in order. */
const stopsAt = (stops: readonly number[]): Draws => {
  let index = 0;
  const next = () => 0;
  return { next, below: () => stops[index++] ?? 0 };
};

/** A fixed seed: the same rounds every run, so the figure below is the same every run. */
const SEEDS = { serverSeed: 'c0ffee'.repeat(10), clientSeed: 'studio-test' };

describe('the studio machines', () => {
  it('has a machine for every in-house title, each under its own id', () => {
    expect(new Set(STUDIO_MACHINES.map((studio) => studio.id)).size).toBe(STUDIO_MACHINES.length);
    for (const id of SLOT_TITLE_MACHINE_IDS) expect(studioMachine(id)?.id).toBe(id);
    expect(studioMachine('no-such-machine')).toBeUndefined();
  });

  it.each(STUDIO_MACHINES.map((studio) => [studio.id, studio] as const))(
    '%s: its strips use its own symbols, every paying symbol can land, and no window shows a scatter or jackpot symbol twice',
    (_, studio) => {
      const { machine } = studio;
      const codes = Object.keys(machine.symbols);
      const spaced = spacedSymbols(studio);
      for (const strip of [...machine.reels, ...machine.freeSpinReels]) {
        for (const symbol of strip) expect(codes).toContain(symbol);
        strip.forEach((_, top) => {
          const window = Array.from({ length: machine.rows }, (__, row) => strip[(top + row) % strip.length]);
          for (const code of spaced) expect(window.filter((shown) => shown === code).length).toBeLessThan(2);
        });
      }
      for (const [code, symbol] of Object.entries(machine.symbols)) {
        if (symbol.kind !== 'regular' || Object.keys(symbol.pays).length === 0) continue;
        for (const strip of machine.reels) expect(strip).toContain(code);
      }
      expect(machine.reels).toHaveLength(machine.freeSpinReels.length);
      for (const line of machine.lines) {
        expect(line).toHaveLength(machine.reels.length);
        for (const row of line) expect(row).toBeLessThan(machine.rows);
      }
      expect(machine.lines.length > 0).toBe(!machine.ways);
    },
  );

  it.each(
    STUDIO_MACHINES.filter((studio) => !studio.machine.cascade).map((studio) => [studio.id, studio] as const),
  )('%s returns what it declares, computed exactly from its pays and strips', (_, studio) => {
    const pool = studio.machine.jackpot?.contribution ?? 0;
    const rtp = machineRtp(studio.machine);
    expect(Math.abs(rtp.total + pool - studio.declaredRtp)).toBeLessThan(0.001);
  });

  it('the cascading machine returns what it declares, over 100,000 rounds of fixed seeds', () => {
    const studio = studioMachine('gem-cascade');
    if (!studio) throw new Error('gem-cascade is missing');
    let bet = 0;
    let won = 0;
    let falls = 0;
    for (let nonce = 0; nonce < 100_000; nonce += 1) {
      const round = playRound(studio.machine, fairDraws({ ...SEEDS, nonce }), 1);
      bet += round.totalBet;
      won += round.totalWin;
      falls += round.spins[0]?.cascades?.filter((cascade) => cascade.win > 0).length ?? 0;
    }
    // Three standard errors of this many rounds (about 0.9 points each): a machine three points off fails.
    expect(Math.abs(won / bet - studio.declaredRtp)).toBeLessThan(0.03);
    expect(falls).toBeGreaterThan(0);
  });

  it('the treasure ship wins its jackpot exactly when all five reels show the jackpot symbol', () => {
    const { machine } = TREASURE_SHIP;
    const symbol = machine.jackpot?.symbol ?? '';
    const showing = machine.reels.map((strip) => strip.indexOf(symbol));
    expect(showing.every((stop) => stop >= 0)).toBe(true);
    const all = playRound(machine, stopsAt(showing), 1).spins[0];
    expect(all?.jackpot).toBe(true);
    expect(all?.grid.flat().filter((shown) => shown === symbol)).toHaveLength(5);

    const strip = machine.reels[4] ?? [];
    const missing = strip.findIndex((_, top) =>
      [0, 1, 2].every((row) => strip[(top + row) % strip.length] !== symbol),
    );
    const four = playRound(machine, stopsAt([...showing.slice(0, 4), missing]), 1).spins[0];
    expect(four?.jackpot).toBe(false);
    // The jackpot symbol pays nothing of its own: the pool is paid beside the paytable.
    expect(four?.lineWins.some((win) => win.symbol === symbol)).toBe(false);
  });
});
