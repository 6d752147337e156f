import type { LotteryBetTypeOffer } from '@kl/contracts/lottery';

export type PickRule = LotteryBetTypeOffer['pick'];

/** Why a selection is refused (a locale key under lottery.problem), or null when it fits the rule. */
export type SelectionProblem = 'digits' | 'count' | 'duplicate' | 'option';

/** Checks one selection against its bet type's pick rule (the server checks the same). */
export function selectionProblem(rule: PickRule, selection: readonly string[]): SelectionProblem | null {
  if (rule.kind === 'option') {
    return selection.length === 1 && rule.options.includes(selection[0] ?? '') ? null : 'option';
  }
  const pattern = new RegExp(`^\\d{${rule.digits}}$`);
  if (!selection.every((number) => pattern.test(number))) return 'digits';
  if (new Set(selection).size !== selection.length) return 'duplicate';
  if (selection.length !== rule.count) return 'count';
  return null;
}

/**
 * Typed numbers ("123, 456 789") → the selections of a one-number rule: one selection per number,
 * duplicates dropped; with the first problem found (a number of the wrong length).
 */
export function parseTyped(
  rule: PickRule,
  text: string,
): { selections: string[][]; problem: SelectionProblem | null } {
  const numbers = text.split(/[\s,;]+/).filter((item) => item.length > 0);
  const unique = [...new Set(numbers)];
  const selections = unique.map((number) => [number]);
  const problem = selections
    .map((selection) => selectionProblem(rule, selection))
    .find((found) => found !== null);
  return { selections, problem: problem ?? null };
}

/** What the bet costs: selections × points × price per point. */
export const betTotal = (selections: number, points: number, pricePerPoint: number) =>
  selections * points * pricePerPoint;

/** What one hit of one selection pays: points × the payout per point (of the best chosen option when they differ). */
export function winPerHit(
  offer: LotteryBetTypeOffer,
  selections: readonly (readonly string[])[],
  points: number,
): number {
  const byOption = offer.payoutsByOption;
  if (!byOption) return points * offer.payoutPerPoint;
  const payouts = selections.map((selection) => byOption[selection[0] ?? ''] ?? offer.payoutPerPoint);
  return points * (payouts.length > 0 ? Math.max(...payouts) : offer.payoutPerPoint);
}

/** A number of `digits` digits with leading zeros. */
export const padNumber = (value: number, digits: number) => String(value).padStart(digits, '0');

/** A random selection that fits the rule (`random` answers 0 ≤ x < 1). */
export function quickPick(rule: PickRule, random: () => number = Math.random): string[] {
  if (rule.kind === 'option') return [rule.options[Math.floor(random() * rule.options.length)] ?? ''];
  const size = 10 ** rule.digits;
  const picked = new Set<string>();
  while (picked.size < rule.count) picked.add(padNumber(Math.floor(random() * size), rule.digits));
  return [...picked];
}

/** Seconds left until `iso` on the server's clock (never below 0). */
export function secondsUntil(iso: string, serverNow: number): number {
  return Math.max(0, Math.ceil((Date.parse(iso) - serverNow) / 1000));
}

export const newRequestKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
