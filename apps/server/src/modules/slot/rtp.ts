import { linePay, type SlotMachine } from './engine.ts';

/**
 * The machine's return to player computed exactly from its data (no sampling): the stops of every reel are
 * equally likely and independent, so a line's symbols on each reel follow the strip's symbol frequencies,
 * and the scatters in view follow the windows of each strip. The free-spin feature is added through the
 * expected number of free spins a round plays (awards, retriggers and the cap).
 */

export interface RtpBreakdown {
  /**
   * Each part in total bets per paid round; `total` is the return to player (0.96 = 96%). `baseLines`: the
   * base game's line pays, or its ways' on a machine that pays by ways.
   */
  baseLines: number;
  baseScatters: number;
  freeSpins: number;
  total: number;
  /** Chance that a paid round starts the free spins, and how many a round plays on average. */
  featureChance: number;
  expectedFreeSpins: number;
}

type Strips = SlotMachine['reels'];

/** Expected pay of one line, in line bets. */
function lineValue(machine: SlotMachine, strips: Strips): number {
  const frequencies = strips.map((strip) => {
    const counts = new Map<string, number>();
    for (const symbol of strip) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    return [...counts].map(([symbol, count]) => ({ symbol, chance: count / strip.length }));
  });
  let value = 0;
  const walk = (reel: number, symbols: string[], chance: number) => {
    if (reel === frequencies.length) {
      value += chance * (linePay(machine, symbols)?.pay ?? 0);
      return;
    }
    for (const { symbol, chance: own } of frequencies[reel] ?? []) {
      symbols.push(symbol);
      walk(reel + 1, symbols, chance * own);
      symbols.pop();
    }
  };
  walk(0, [], 1);
  return value;
}

/**
 * Expected pay by ways, in total bets. The reels stop independently, so for each symbol the chance of a run
 * of exactly n reels times its ways is the product of the first n reels' expected positions showing the
 * symbol or a wild (a reel without one adds nothing to that product) and the chance that reel n + 1 shows
 * none.
 */
function waysValue(machine: SlotMachine, strips: Strips, betUnits: number): number {
  const kindOf = (symbol: string | undefined) =>
    symbol === undefined ? undefined : machine.symbols[symbol]?.kind;
  let value = 0;
  for (const [symbol, definition] of Object.entries(machine.symbols)) {
    if (definition.kind !== 'regular') continue;
    const reels = strips.map((strip) => {
      let hits = 0;
      let none = 0;
      for (let stop = 0; stop < strip.length; stop += 1) {
        let shown = 0;
        for (let row = 0; row < machine.rows; row += 1) {
          const at = strip[(stop + row) % strip.length];
          if (at === symbol || kindOf(at) === 'wild') shown += 1;
        }
        hits += shown;
        if (shown === 0) none += 1;
      }
      return { expectedHits: hits / strip.length, chanceOfNone: none / strip.length };
    });
    let runOfN = 1;
    reels.forEach((reel, index) => {
      runOfN *= reel.expectedHits;
      const stopsHere = reels[index + 1]?.chanceOfNone ?? 1;
      value += (definition.pays[index + 1] ?? 0) * runOfN * stopsHere;
    });
  }
  return value / betUnits;
}

/** Chance of each number of scatters in view. */
function scatterCounts(machine: SlotMachine, strips: Strips): number[] {
  const isScatter = (symbol: string | undefined) =>
    symbol !== undefined && machine.symbols[symbol]?.kind === 'scatter';
  let total = [1];
  for (const strip of strips) {
    const own = new Array<number>(machine.rows + 1).fill(0);
    for (let stop = 0; stop < strip.length; stop += 1) {
      let count = 0;
      for (let row = 0; row < machine.rows; row += 1)
        if (isScatter(strip[(stop + row) % strip.length])) count += 1;
      own[count] = (own[count] ?? 0) + 1 / strip.length;
    }
    const next = new Array<number>(total.length + machine.rows).fill(0);
    total.forEach((p, a) => own.forEach((q, b) => (next[a + b] = (next[a + b] ?? 0) + p * q)));
    total = next;
  }
  return total;
}

function scatterValue(machine: SlotMachine, counts: readonly number[]): number {
  const pays = new Array<number>(counts.length).fill(0);
  for (const symbol of Object.values(machine.symbols)) {
    if (symbol.kind !== 'scatter') continue;
    counts.forEach((_, n) => (pays[n] = (pays[n] ?? 0) + (symbol.pays[n] ?? 0)));
  }
  return counts.reduce((sum, chance, n) => sum + chance * (pays[n] ?? 0), 0);
}

/** Expected number of free spins played after a base award of `first`, with retriggers and the cap. */
function expectedPlayed(
  machine: SlotMachine,
  first: number,
  awards: readonly { chance: number; spins: number }[],
) {
  const cap = machine.maxFreeSpins;
  const memo = new Map<string, number>();
  // Every awarded free spin is played, so the answer is the expected final number awarded.
  const finalAwarded = (awarded: number, played: number): number => {
    if (played >= awarded) return awarded;
    const key = `${awarded}:${played}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let value = 0;
    for (const { chance, spins } of awards)
      value += chance * finalAwarded(Math.min(awarded + spins, cap), played + 1);
    memo.set(key, value);
    return value;
  };
  return finalAwarded(Math.min(first, cap), 0);
}

export function machineRtp(machine: SlotMachine): RtpBreakdown {
  // A fall's grid depends on the wins before it: a cascading machine's return is measured by simulation.
  if (machine.cascade) throw new RangeError('a cascading machine has no exact return here: simulate it');
  const awardsOf = (counts: readonly number[]) =>
    counts.map((chance, n) => ({ chance, spins: machine.freeSpins[n] ?? 0 }));
  const baseCounts = scatterCounts(machine, machine.reels);
  const freeCounts = scatterCounts(machine, machine.freeSpinReels);
  const freeAwards = awardsOf(freeCounts);

  const paysOf = (strips: Strips) =>
    machine.ways ? waysValue(machine, strips, machine.ways.betUnits) : lineValue(machine, strips);
  const baseLines = paysOf(machine.reels);
  const baseScatters = scatterValue(machine, baseCounts);
  const freeSpinValue =
    machine.freeSpinMultiplier * (paysOf(machine.freeSpinReels) + scatterValue(machine, freeCounts));
  let expectedFreeSpins = 0;
  let featureChance = 0;
  for (const { chance, spins } of awardsOf(baseCounts)) {
    if (spins === 0 || chance === 0) continue;
    featureChance += chance;
    expectedFreeSpins += chance * expectedPlayed(machine, spins, freeAwards);
  }
  const freeSpins = expectedFreeSpins * freeSpinValue;
  return {
    baseLines,
    baseScatters,
    freeSpins,
    total: baseLines + baseScatters + freeSpins,
    featureChance,
    expectedFreeSpins,
  };
}
