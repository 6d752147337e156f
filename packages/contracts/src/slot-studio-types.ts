import type { SlotMachine, SlotSymbol } from './slot-engine.ts';

/**
 * A machine of the in-house studio: its rules (`machine`, data the engine plays), the figures it declares
 * (return to player and volatility, proven by simulation) and the look its screen takes (`theme`).
 */
export interface StudioMachine {
  /** Stable: stored with each round, so a round replays on the machine it was played on. */
  id: string;
  /** The machine's own name, the same in every language (a product name). */
  name: string;
  /** The theme of its screen: colours and frame (the symbols draw themselves by code). */
  theme: string;
  machine: SlotMachine;
  /** The return to player it declares (0.96 = 96%), jackpot contributions included. */
  declaredRtp: number;
  volatility: 'low' | 'medium' | 'high';
}

/** A reel strip written as its symbols in order, separated by spaces (one strip reads as one line). */
export const strip = (symbols: string): readonly string[] => symbols.trim().split(/\s+/);

/** A regular symbol paying runs of three, four and five, in line bets (or bet units on a ways machine). */
export const threeFourFive = (three: number, four: number, five: number): SlotSymbol => ({
  kind: 'regular',
  pays: { 3: three, 4: four, 5: five },
});
