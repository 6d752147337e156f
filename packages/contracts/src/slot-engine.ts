/**
 * The slot's rules, as data (`slot-machine.ts` holds the in-house machine): reels × rows, paylines read left to
 * right, a wild that stands in for every symbol but the scatter, and scatters anywhere that pay on the total
 * bet and award free spins (which pay more and may award more, up to a cap per round).
 *
 * A machine pays by its lines, or by ways (`ways`): a symbol pays for a run of reels from the left each
 * showing it (or a wild) anywhere in view, once for every way of picking one such position per reel of the
 * run (3 rows on 5 reels: 243 ways).
 */

/** A stream of numbers in [0, 1) drawn from the seeds of one spin. */
export interface Draws {
  next(): number;
  /** An integer in [0, size). */
  below(size: number): number;
}

/** Bytes each number of the draws takes (a big-endian unsigned 32-bit integer over 2^32). */
export const SLOT_BYTES_PER_NUMBER = 4;
/** Bytes of one HMAC-SHA256 block. */
export const SLOT_BLOCK_BYTES = 32;

/**
 * The draws of one round read from HMAC-SHA256 blocks computed in advance (block 0, 1, … of
 * "<client seed>:<nonce>:<block>"), e.g. with Web Crypto in a browser. Reading past the last block throws.
 */
export function drawsFromBlocks(blocks: readonly Uint8Array[]): Draws {
  let block = 0;
  let offset = SLOT_BLOCK_BYTES;
  let bytes: Uint8Array | undefined;
  const next = (): number => {
    if (!bytes || offset + SLOT_BYTES_PER_NUMBER > bytes.length) {
      bytes = blocks[block];
      if (!bytes) throw new RangeError('not enough draw blocks for this round');
      block += 1;
      offset = 0;
    }
    const value =
      ((bytes[offset] as number) * 2 ** 24 +
        ((bytes[offset + 1] as number) << 16) +
        ((bytes[offset + 2] as number) << 8) +
        (bytes[offset + 3] as number)) /
      2 ** 32;
    offset += SLOT_BYTES_PER_NUMBER;
    return value;
  };
  return { next, below: (size) => Math.floor(next() * size) };
}

/** The most numbers one round can draw: a stop per reel for the base spin and each free spin. */
export const maxDrawsOfRound = (machine: SlotMachine): number =>
  machine.reels.length * (1 + machine.maxFreeSpins);

/** How many HMAC blocks cover the longest round. */
export const blocksOfRound = (machine: SlotMachine): number =>
  Math.ceil((maxDrawsOfRound(machine) * SLOT_BYTES_PER_NUMBER) / SLOT_BLOCK_BYTES);

/** The message of block `block` of a round's draws. */
export const drawMessage = (clientSeed: string, nonce: number, block: number): string =>
  `${clientSeed}:${nonce}:${block}`;

export type SymbolKind = 'regular' | 'wild' | 'scatter';

export interface SlotSymbol {
  kind: SymbolKind;
  /** What a run of n of the symbol on a line pays, in line bets (regular and wild), or in total bets (scatter). */
  pays: Readonly<Partial<Record<number, number>>>;
}

export interface SlotMachine {
  /** Reels are read left to right; `rows` symbols of each are in view. */
  rows: number;
  symbols: Readonly<Record<string, SlotSymbol>>;
  /** One strip per reel for the base game, and for the free spins. Each strip is a loop. */
  reels: readonly (readonly string[])[];
  freeSpinReels: readonly (readonly string[])[];
  /** Each line gives the row (0 = top) it crosses on each reel; none on a machine that pays by ways. */
  lines: readonly (readonly number[])[];
  /**
   * Pays by ways instead of lines: a run's pay (in line bets, here bet units) is multiplied by its ways, and
   * the total bet is `betUnits` line bets. Wilds stand in; they pay nothing of their own.
   */
  ways?: { betUnits: number };
  /**
   * Cascades (tumbles): after a spin's line or way wins, their symbols leave the grid, the rest fall and the
   * strips fill from above; the new grid pays again, the `n`th fall at `multipliers[n]` (the last one from
   * then on), at most `maxFalls` falls a spin. Scatters count on the grid the reels stopped on.
   */
  cascade?: { multipliers: readonly number[]; maxFalls: number };
  /**
   * A progressive jackpot: `contribution` of every stake feeds a pool, and a base spin showing `count` or
   * more of `symbol` anywhere in view wins all of it. The engine marks the spin; the pool is money the
   * game server holds, paid by it. The symbol pays nothing of its own.
   */
  jackpot?: { symbol: string; count: number; contribution: number };
  /** Free spins awarded by n scatters in view, in the base game and during free spins alike. */
  freeSpins: Readonly<Partial<Record<number, number>>>;
  /** Every win of a free spin is multiplied by this. */
  freeSpinMultiplier: number;
  /** No round plays more free spins than this. */
  maxFreeSpins: number;
}

export interface LineWin {
  /** Index of the line in `machine.lines`. */
  line: number;
  symbol: string;
  /** How many reels from the left the run covers. */
  count: number;
  /** Minor units. */
  win: number;
}

export interface WayWin {
  symbol: string;
  /** How many reels from the left the run covers. */
  count: number;
  /** Positions showing the symbol or a wild, multiplied over the reels of the run. */
  ways: number;
  /** Minor units. */
  win: number;
}

/** A fall of a cascading machine: the grid after it, what that grid paid, at which multiplier. */
export interface CascadeOutcome {
  grid: string[][];
  lineWins: LineWin[];
  wayWins?: WayWin[];
  multiplier: number;
  /** Minor units. */
  win: number;
}

export interface SpinOutcome {
  kind: 'base' | 'free';
  /** Position of each reel's strip shown in the top row. */
  stops: number[];
  /** grid[reel][row]. */
  grid: string[][];
  lineWins: LineWin[];
  /** The wins of a machine that pays by ways (absent on one that pays by lines). */
  wayWins?: WayWin[];
  /** The falls of a cascading machine after the first grid's wins (absent on one that does not cascade). */
  cascades?: CascadeOutcome[];
  scatters: number;
  scatterWin: number;
  freeSpinsAwarded: number;
  /** A base spin of a jackpot machine that shows the jackpot's symbols: it wins the pool (absent elsewhere). */
  jackpot?: boolean;
  /** Everything this spin pays from the paytable, minor units (a jackpot's pool is paid beside it). */
  win: number;
}

export interface RoundOutcome {
  lineBet: number;
  totalBet: number;
  spins: SpinOutcome[];
  totalWin: number;
}

export const totalBetOf = (machine: SlotMachine, lineBet: number): number =>
  lineBet * (machine.ways ? machine.ways.betUnits : machine.lines.length);

/** The machine as a game screen draws it: its grid, lines, symbols and pays, and its free spins. */
export function machineLayout(machine: SlotMachine) {
  return {
    rows: machine.rows,
    reelCount: machine.reels.length,
    lineCount: machine.lines.length,
    lines: machine.lines.map((line) => [...line]),
    symbols: Object.entries(machine.symbols).map(([code, symbol]) => ({
      code,
      kind: symbol.kind,
      pays: Object.fromEntries(Object.entries(symbol.pays).map(([count, pay]) => [count, pay ?? 0])),
    })),
    freeSpins: Object.fromEntries(
      Object.entries(machine.freeSpins).map(([count, spins]) => [count, spins ?? 0]),
    ),
    freeSpinMultiplier: machine.freeSpinMultiplier,
    maxFreeSpins: machine.maxFreeSpins,
    ways: machine.ways
      ? { count: machine.rows ** machine.reels.length, betUnits: machine.ways.betUnits }
      : null,
    cascade: machine.cascade
      ? { multipliers: [...machine.cascade.multipliers], maxFalls: machine.cascade.maxFalls }
      : null,
  };
}

/** The symbols in view when each reel stops at `stops` (top row). */
export function gridAt(
  machine: SlotMachine,
  strips: SlotMachine['reels'],
  stops: readonly number[],
): string[][] {
  return strips.map((strip, reel) => {
    const stop = stops[reel] ?? 0;
    return Array.from({ length: machine.rows }, (_, row) => strip[(stop + row) % strip.length] as string);
  });
}

/** What one line of symbols (one per reel, left to right) pays, in line bets, and for which run. */
export function linePay(
  machine: SlotMachine,
  symbols: readonly string[],
): { symbol: string; count: number; pay: number } | null {
  const kindOf = (symbol: string) => machine.symbols[symbol]?.kind;
  let wilds = 0;
  while (wilds < symbols.length && kindOf(symbols[wilds] as string) === 'wild') wilds += 1;
  const wild = wilds > 0 ? (symbols[0] as string) : null;
  const wildPay = wild ? (machine.symbols[wild]?.pays[wilds] ?? 0) : 0;

  const target = symbols[wilds];
  let best: { symbol: string; count: number; pay: number } | null =
    wild && wildPay > 0 ? { symbol: wild, count: wilds, pay: wildPay } : null;
  if (target !== undefined && kindOf(target) === 'regular') {
    let count = wilds + 1;
    while (count < symbols.length) {
      const symbol = symbols[count] as string;
      if (symbol !== target && kindOf(symbol) !== 'wild') break;
      count += 1;
    }
    const pay = machine.symbols[target]?.pays[count] ?? 0;
    if (pay > 0 && (!best || pay > best.pay)) best = { symbol: target, count, pay };
  }
  return best;
}

/**
 * What a grid pays by ways, in bet units, symbol by symbol: the run of reels from the left showing the symbol
 * or a wild, its pay for that length times its ways. A grid of wilds alone pays every symbol's longest run.
 */
export function wayPays(
  machine: SlotMachine,
  grid: readonly (readonly string[])[],
): { symbol: string; count: number; ways: number; pay: number }[] {
  const kindOf = (symbol: string) => machine.symbols[symbol]?.kind;
  const found: { symbol: string; count: number; ways: number; pay: number }[] = [];
  for (const [symbol, definition] of Object.entries(machine.symbols)) {
    if (definition.kind !== 'regular') continue;
    let ways = 1;
    let count = 0;
    for (const column of grid) {
      const hits = column.filter((shown) => shown === symbol || kindOf(shown) === 'wild').length;
      if (hits === 0) break;
      ways *= hits;
      count += 1;
    }
    const pay = definition.pays[count] ?? 0;
    if (pay > 0) found.push({ symbol, count, ways, pay: pay * ways });
  }
  return found;
}

/** The line and way wins of a grid, each times `factor` line bets (the spin's and the fall's multipliers). */
function gridWins(
  machine: SlotMachine,
  grid: readonly (readonly string[])[],
  lineBet: number,
  factor: number,
): { lineWins: LineWin[]; wayWins: WayWin[] | undefined; win: number } {
  const lineWins: LineWin[] = [];
  machine.lines.forEach((rows, line) => {
    const found = linePay(
      machine,
      rows.map((row, reel) => grid[reel]?.[row] as string),
    );
    if (found)
      lineWins.push({ line, symbol: found.symbol, count: found.count, win: found.pay * lineBet * factor });
  });
  const wayWins = machine.ways
    ? wayPays(machine, grid).map(({ symbol, count, ways, pay }) => ({
        symbol,
        count,
        ways,
        win: pay * lineBet * factor,
      }))
    : undefined;
  const win = [...lineWins, ...(wayWins ?? [])].reduce((sum, each) => sum + each.win, 0);
  return { lineWins, wayWins, win };
}

/** The positions (`reel`, `row`) of a grid that its wins are made of. */
function winningPositions(
  machine: SlotMachine,
  grid: readonly (readonly string[])[],
  wins: { lineWins: readonly LineWin[]; wayWins: readonly WayWin[] | undefined },
): Set<string> {
  const positions = new Set<string>();
  for (const win of wins.lineWins) {
    const rows = machine.lines[win.line] ?? [];
    for (let reel = 0; reel < win.count; reel += 1) positions.add(`${reel}:${rows[reel]}`);
  }
  for (const win of wins.wayWins ?? []) {
    for (let reel = 0; reel < win.count; reel += 1)
      grid[reel]?.forEach((shown, row) => {
        if (shown === win.symbol || machine.symbols[shown]?.kind === 'wild') positions.add(`${reel}:${row}`);
      });
  }
  return positions;
}

function spinOnce(
  machine: SlotMachine,
  draws: Draws,
  kind: SpinOutcome['kind'],
  lineBet: number,
): SpinOutcome {
  const strips = kind === 'base' ? machine.reels : machine.freeSpinReels;
  const stops = strips.map((strip) => draws.below(strip.length));
  const grid = gridAt(machine, strips, stops);
  const multiplier = kind === 'free' ? machine.freeSpinMultiplier : 1;
  const fallMultiplier = (fall: number) => {
    const multipliers = machine.cascade?.multipliers ?? [1];
    return multipliers[Math.min(fall, multipliers.length - 1)] ?? 1;
  };
  const first = gridWins(machine, grid, lineBet, multiplier * fallMultiplier(0));
  const { lineWins, wayWins } = first;

  let scatters = 0;
  let scatterPays = 0;
  for (const [symbol, definition] of Object.entries(machine.symbols)) {
    if (definition.kind !== 'scatter') continue;
    const count = grid.reduce((sum, column) => sum + column.filter((shown) => shown === symbol).length, 0);
    scatters += count;
    scatterPays += definition.pays[count] ?? 0;
  }
  const scatterWin = scatterPays * totalBetOf(machine, lineBet) * multiplier;

  // Cascades: the winning symbols leave, the rest fall, and each reel's strip above its window fills the
  // gaps (no new draw); the new grid pays again at the next fall's multiplier, until one pays nothing.
  const cascades: CascadeOutcome[] = [];
  if (machine.cascade) {
    const tops = [...stops];
    let current = grid;
    let wins = first;
    while (cascades.length < machine.cascade.maxFalls) {
      const leaving = winningPositions(machine, current, wins);
      if (leaving.size === 0) break;
      current = current.map((column, reel) => {
        const staying = column.filter((_, row) => !leaving.has(`${reel}:${row}`));
        const strip = strips[reel] ?? [];
        const missing = column.length - staying.length;
        const top = ((((tops[reel] ?? 0) - missing) % strip.length) + strip.length) % strip.length;
        tops[reel] = top;
        const fresh = Array.from(
          { length: missing },
          (_, row) => strip[(top + row) % strip.length] as string,
        );
        return [...fresh, ...staying];
      });
      const fall = cascades.length + 1;
      wins = gridWins(machine, current, lineBet, multiplier * fallMultiplier(fall));
      cascades.push({
        grid: current,
        lineWins: wins.lineWins,
        ...(wins.wayWins && { wayWins: wins.wayWins }),
        multiplier: fallMultiplier(fall),
        win: wins.win,
      });
    }
  }

  const win = first.win + scatterWin + cascades.reduce((sum, cascade) => sum + cascade.win, 0);
  const jackpot = machine.jackpot;
  const jackpotShown = jackpot
    ? grid.reduce((sum, column) => sum + column.filter((shown) => shown === jackpot.symbol).length, 0)
    : 0;
  return {
    kind,
    stops,
    grid,
    lineWins,
    ...(wayWins && { wayWins }),
    ...(machine.cascade && { cascades }),
    scatters,
    scatterWin,
    freeSpinsAwarded: machine.freeSpins[scatters] ?? 0,
    ...(jackpot && kind === 'base' && { jackpot: jackpotShown >= jackpot.count }),
    win,
  };
}

/**
 * One paid round: the base spin, then every free spin it leads to (awards add up, at most
 * `maxFreeSpins`). All draws come from `draws` in order, so the same seeds give the same round.
 */
export function playRound(machine: SlotMachine, draws: Draws, lineBet: number): RoundOutcome {
  if (!Number.isSafeInteger(lineBet) || lineBet <= 0)
    throw new RangeError('lineBet must be a positive integer');
  const spins: SpinOutcome[] = [];
  const base = spinOnce(machine, draws, 'base', lineBet);
  spins.push(base);
  let awarded = Math.min(base.freeSpinsAwarded, machine.maxFreeSpins);
  let played = 0;
  while (played < awarded) {
    const free = spinOnce(machine, draws, 'free', lineBet);
    spins.push(free);
    played += 1;
    awarded = Math.min(awarded + free.freeSpinsAwarded, machine.maxFreeSpins);
  }
  return {
    lineBet,
    totalBet: totalBetOf(machine, lineBet),
    spins,
    totalWin: spins.reduce((sum, spin) => sum + spin.win, 0),
  };
}
