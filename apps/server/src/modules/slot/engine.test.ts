import { describe, expect, it } from 'vitest';
import { gridAt, linePay, playRound, type SlotMachine, totalBetOf, wayPays } from './engine.ts';
import type { Draws } from './fair.ts';
import { machineRtp } from './rtp.ts';

/** A small machine whose strips put chosen symbols in view at chosen stops. */
const symbols: SlotMachine['symbols'] = {
  W: { kind: 'wild', pays: { 3: 40, 4: 100, 5: 500 } },
  S: { kind: 'scatter', pays: { 3: 2, 4: 10, 5: 50 } },
  H: { kind: 'regular', pays: { 3: 10, 4: 50, 5: 200 } },
  L: { kind: 'regular', pays: { 3: 2, 4: 5, 5: 10 } },
  X: { kind: 'regular', pays: { 5: 1 } },
};
const lines = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
];

/** Draws that stop each reel where the script says (below(size) answers the next scripted stop). */
const scripted = (stops: number[]): Draws => {
  let index = 0;
  const below = (size: number) => {
    const stop = stops[index];
    index += 1;
    if (stop === undefined || stop >= size) throw new Error(`no scripted stop ${index - 1}`);
    return stop;
  };
  return { below, next: () => below(1) };
};

// Each strip: stop 0 shows [X, H, X], stop 3 shows [X, S, X], stop 6 shows [L, L, L], stop 9 shows [W, W, W].
const strip = ['X', 'H', 'X', 'X', 'S', 'X', 'L', 'L', 'L', 'W', 'W', 'W'];
const machine: SlotMachine = {
  rows: 3,
  symbols,
  reels: [strip, strip, strip, strip, strip],
  freeSpinReels: [strip, strip, strip, strip, strip],
  lines,
  freeSpins: { 3: 2, 4: 3, 5: 4 },
  freeSpinMultiplier: 3,
  maxFreeSpins: 5,
};

describe('line pays', () => {
  const pay = (...line: string[]) => linePay(machine, line);

  it('pays runs from the leftmost reel only', () => {
    expect(pay('H', 'H', 'H', 'L', 'L')).toEqual({ symbol: 'H', count: 3, pay: 10 });
    expect(pay('H', 'H', 'H', 'H', 'H')).toEqual({ symbol: 'H', count: 5, pay: 200 });
    expect(pay('L', 'H', 'H', 'H', 'H')).toBeNull();
    expect(pay('H', 'H', 'L', 'H', 'H')).toBeNull();
  });

  it('lets the wild stand in for any symbol but the scatter', () => {
    expect(pay('H', 'W', 'H', 'W', 'L')).toEqual({ symbol: 'H', count: 4, pay: 50 });
    expect(pay('W', 'H', 'H', 'L', 'L')).toEqual({ symbol: 'H', count: 3, pay: 10 });
    expect(pay('H', 'W', 'S', 'H', 'H')).toBeNull();
  });

  it('pays leading wilds as wilds when that is worth more', () => {
    expect(pay('W', 'W', 'W', 'L', 'X')).toEqual({ symbol: 'W', count: 3, pay: 40 });
    expect(pay('W', 'W', 'W', 'H', 'H')).toEqual({ symbol: 'H', count: 5, pay: 200 });
    expect(pay('W', 'W', 'W', 'W', 'W')).toEqual({ symbol: 'W', count: 5, pay: 500 });
    expect(pay('W', 'W', 'S', 'H', 'H')).toBeNull();
  });
});

describe('a round', () => {
  it('shows rows from the stop down, wrapping around the strip', () => {
    expect(gridAt(machine, machine.reels, [0, 3, 6, 9, 11])).toEqual([
      ['X', 'H', 'X'],
      ['X', 'S', 'X'],
      ['L', 'L', 'L'],
      ['W', 'W', 'W'],
      ['W', 'X', 'H'],
    ]);
  });

  it('pays every winning line times the line bet', () => {
    // Reels 1–3 show L L L on every row, reels 4–5 wilds: three lines of five L.
    const round = playRound(machine, scripted([6, 6, 6, 9, 9]), 100);
    expect(round.totalBet).toBe(300);
    expect(round.spins).toHaveLength(1);
    expect(round.spins[0]?.lineWins).toEqual([
      { line: 0, symbol: 'L', count: 5, win: 1000 },
      { line: 1, symbol: 'L', count: 5, win: 1000 },
      { line: 2, symbol: 'L', count: 5, win: 1000 },
    ]);
    expect(round.totalWin).toBe(3000);
  });

  it('pays scatters anywhere on the total bet and plays the free spins they award, multiplied', () => {
    // Base: scatters on reels 1–3 (middle row) → 2 × total bet and 2 free spins.
    // Free spin 1: every reel at stop 0 → H×5 in the middle, X×5 on top and bottom. Free spin 2: nothing.
    const round = playRound(machine, scripted([3, 3, 3, 6, 0, 0, 0, 0, 0, 0, 6, 0, 6, 0, 6]), 10);
    const [base, first, second] = round.spins;
    expect(base).toMatchObject({ kind: 'base', scatters: 3, scatterWin: 60, freeSpinsAwarded: 2, win: 60 });
    expect(first?.kind).toBe('free');
    // Middle line H×5 = 200 × 10 × 3; top and bottom X×5 = 1 × 10 × 3 each.
    expect(first?.win).toBe(6000 + 30 + 30);
    expect(second?.win).toBe(0);
    expect(round.spins).toHaveLength(3);
    expect(round.totalWin).toBe(60 + 6060);
  });

  it('adds free spins won during free spins, never past the cap', () => {
    // Base: 5 scatters → 4 free spins; each free spin shows 3 scatters → +2, capped at 5 in all.
    const scatters = [3, 3, 3, 0, 0];
    const round = playRound(
      machine,
      scripted([3, 3, 3, 3, 3, ...scatters, ...scatters, ...scatters, ...scatters, ...scatters]),
      1,
    );
    expect(round.spins.filter((spin) => spin.kind === 'free')).toHaveLength(5);
    expect(round.spins.slice(1).every((spin) => spin.freeSpinsAwarded === 2)).toBe(true);
  });

  it('refuses a line bet that is not a positive whole number of minor units', () => {
    expect(() => playRound(machine, scripted([0, 0, 0, 0, 0]), 0)).toThrow(RangeError);
    expect(() => playRound(machine, scripted([0, 0, 0, 0, 0]), 1.5)).toThrow(RangeError);
  });
});

/** Four stops a reel: a machine small enough to count every combination of stops (4^5). */
const TINY_REELS: SlotMachine['reels'] = [
  ['H', 'W', 'L', 'S'],
  ['H', 'L', 'S', 'X'],
  ['W', 'H', 'L', 'X'],
  ['H', 'H', 'L', 'S'],
  ['L', 'W', 'X', 'H'],
];

describe('exact return to player', () => {
  it('matches a count over every combination of stops of a small machine', () => {
    const tiny: SlotMachine = {
      ...machine,
      reels: TINY_REELS,
      freeSpinReels: [
        ['H', 'W', 'L', 'X'],
        ['H', 'L', 'X', 'X'],
        ['W', 'H', 'L', 'X'],
        ['H', 'H', 'L', 'X'],
        ['L', 'W', 'X', 'H'],
      ],
    };
    // Free spins never retrigger (no scatter on the free reels), so a round is the base spin plus the award
    // times the average free spin: count both over all 4^5 stops.
    let base = 0;
    let awards = 0;
    let free = 0;
    for (let code = 0; code < 4 ** 5; code += 1) {
      const stops = [0, 1, 2, 3, 4].map((reel) => Math.floor(code / 4 ** reel) % 4);
      const baseRound = playRound({ ...tiny, maxFreeSpins: 0 }, scripted(stops), 1);
      base += baseRound.totalWin;
      awards += baseRound.spins[0]?.freeSpinsAwarded ?? 0;
      const freeRound = playRound(
        { ...tiny, reels: tiny.freeSpinReels, freeSpinMultiplier: 1, freeSpins: {}, maxFreeSpins: 0 },
        scripted(stops),
        1,
      );
      free += freeRound.totalWin * tiny.freeSpinMultiplier;
    }
    const combos = 4 ** 5;
    const totalBet = tiny.lines.length;
    const expected = (base / combos + (awards / combos) * (free / combos)) / totalBet;
    expect(machineRtp(tiny).total).toBeCloseTo(expected, 12);
  });
});

describe('pays by ways', () => {
  /** The small machine paying by ways: 3 rows on 5 reels, 243 ways, a total bet of 25 bet units. */
  const ways: SlotMachine = { ...machine, lines: [], ways: { betUnits: 25 } };

  it('pays a run of reels showing the symbol anywhere, once per way, wilds standing in', () => {
    const grid = [
      ['H', 'X', 'H'],
      ['L', 'W', 'X'],
      ['H', 'H', 'H'],
      ['L', 'L', 'X'],
      ['H', 'S', 'X'],
    ];
    // H: reels 1–3 (2 × 1 × 3 = 6 ways, the wild standing in on reel 2), none on reel 4: 6 × 10.
    // L: no L on reel 1. X: reels 1–2 (1 × 2 = 2 ways) then none on reel 3: no pay for 2.
    expect(wayPays(ways, grid)).toEqual([{ symbol: 'H', count: 3, ways: 6, pay: 60 }]);
    // Wilds pay nothing of their own; each wild in view is a way for every symbol. H has a run of two
    // (3 × 1 ways), which pays nothing; L one of five.
    const wilds = [['W', 'W', 'W'], ['W'], ['L'], ['L'], ['L']];
    expect(wayPays(ways, wilds)).toEqual([{ symbol: 'L', count: 5, ways: 3, pay: 30 }]);
  });

  it('plays a round on the total bet of its bet units, the ways times the bet unit', () => {
    // Stops 6, 6, 9, 6, 0 show L L L | L L L | W W W | L L L | X H X: L on the first four reels
    // (3 × 3 × 3 × 3 = 81 ways) and not on the fifth, a run of four paying 5 bet units a way.
    const round = playRound({ ...ways, maxFreeSpins: 0 }, scripted([6, 6, 9, 6, 0]), 2);
    expect(round.totalBet).toBe(50);
    expect(totalBetOf(ways, 2)).toBe(50);
    const [spin] = round.spins;
    expect(spin?.lineWins).toEqual([]);
    expect(spin?.wayWins).toEqual([{ symbol: 'L', count: 4, ways: 81, win: 81 * 5 * 2 }]);
    expect(round.totalWin).toBe(81 * 5 * 2);
    // A machine paying by lines has no ways in its outcome, as its rounds were stored before.
    expect(playRound(machine, scripted([6, 6, 9, 6, 0]), 2).spins[0]).not.toHaveProperty('wayWins');
  });

  it('has the return to player a count over every combination of stops gives', () => {
    const tiny: SlotMachine = {
      ...ways,
      rows: 2,
      reels: TINY_REELS,
      freeSpins: {},
      maxFreeSpins: 0,
    };
    let won = 0;
    for (let code = 0; code < 4 ** 5; code += 1) {
      const stops = [0, 1, 2, 3, 4].map((reel) => Math.floor(code / 4 ** reel) % 4);
      won += playRound(tiny, scripted(stops), 1).totalWin;
    }
    expect(machineRtp(tiny).total).toBeCloseTo(won / 4 ** 5 / totalBetOf(tiny, 1), 12);
  });
});

describe('cascades', () => {
  const cascading: SlotMachine = {
    ...machine,
    freeSpins: {},
    maxFreeSpins: 0,
    cascade: { multipliers: [1, 2, 3], maxFalls: 2 },
  };

  it('takes the winning symbols away, fills from the strips above and pays again, multiplied fall by fall', () => {
    // Stops 6 show L L L on every reel: the three lines pay 10 each. The fifteen symbols leave; the strips
    // above (positions 3–5) bring X S X: the top and bottom lines pay X (1 each) at 2×. Those ten leave,
    // positions 1–2 bring H X above the S: the middle line pays X and the top one H (200) at 3×. The
    // second fall is the last this machine allows.
    const round = playRound(cascading, scripted([6, 6, 6, 6, 6]), 1);
    const [spin] = round.spins;
    expect(spin?.lineWins.map((win) => win.win)).toEqual([10, 10, 10]);
    expect(
      spin?.cascades?.map(({ grid, multiplier, win }) => ({ column: grid[0], multiplier, win })),
    ).toEqual([
      { column: ['X', 'S', 'X'], multiplier: 2, win: 4 },
      { column: ['H', 'X', 'S'], multiplier: 3, win: 603 },
    ]);
    expect(spin?.cascades?.[1]?.lineWins).toEqual([
      { line: 0, symbol: 'X', count: 5, win: 3 },
      { line: 1, symbol: 'H', count: 5, win: 600 },
    ]);
    expect(round.totalWin).toBe(30 + 4 + 603);
    // The same draws, the same round: the falls take no draw of their own.
    expect(playRound(cascading, scripted([6, 6, 6, 6, 6]), 1)).toEqual(round);
  });

  it('stops at the first fall that pays nothing, and has none after a spin that pays nothing', () => {
    // Reels 1–3 stop on L L L with S X S above, reels 4–5 on H S H: three lines pay L×3 (2 each). The
    // nine L leave and S X S falls in: nothing pays, the fall is the last.
    const above = ['S', 'X', 'S', 'L', 'L', 'L'];
    const beside = ['H', 'S', 'H'];
    const short = { ...cascading, reels: [above, above, above, beside, beside] };
    const round = playRound(short, scripted([3, 3, 3, 0, 0]), 1);
    expect(round.spins[0]?.cascades).toEqual([
      {
        grid: [above.slice(0, 3), above.slice(0, 3), above.slice(0, 3), beside, beside],
        lineWins: [],
        multiplier: 2,
        win: 0,
      },
    ]);
    expect(round.totalWin).toBe(6);
    // Reels stopped on L L L, X H X, L L L, X H X, L L L: nothing pays, nothing falls.
    expect(playRound(cascading, scripted([6, 0, 6, 0, 6]), 1).spins[0]?.cascades).toEqual([]);
    // A machine that does not cascade has no falls in its outcome, as its rounds were stored before.
    expect(playRound(machine, scripted([6, 6, 6, 6, 6]), 1).spins[0]).not.toHaveProperty('cascades');
  });

  it('has no exact return to player: it is measured by simulation', () => {
    expect(() => machineRtp(cascading)).toThrow(RangeError);
  });
});
