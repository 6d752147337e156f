import { addDays, agentDate, KPI_FIGURES, type KpiFigures } from '@kl/contracts/agents';
import { formatCount, formatMoney } from '@kl/contracts/money';

/** The KPI figures that are counts of members; every other one is an amount of money. */
const COUNT_FIGURES: ReadonlySet<keyof KpiFigures> = new Set([
  'teamSize',
  'newMembers',
  'activeMembers',
  'firstDeposits',
]);

/** Every KPI figure, in the contract's order, with whether it is money. */
export const FIGURES = KPI_FIGURES.map((key) => ({ key, money: !COUNT_FIGURES.has(key) }));

/** A figure for the language: money in the currency's way (signed for GGR), counts grouped. */
export function formatFigure(
  figures: KpiFigures,
  key: keyof KpiFigures,
  currency: string,
  locale: string,
): string {
  const value = figures[key];
  return COUNT_FIGURES.has(key) ? formatCount(value, locale) : formatMoney(value, currency, locale);
}

/** Today's GMT+8 date (the agent centre's clock, docs/agents.md). */
export const agentToday = () => agentDate(new Date());

/** The default report range: the last 7 days, today included. */
export const lastSevenDays = () => {
  const to = agentToday();
  return { from: addDays(to, -6), to };
};

/** `2026-11-24` as `24/11/2026`. */
export const formatAgentDate = (date: string) => {
  const [year, month, day] = date.split('-');
  return day && month ? `${day}/${month}/${year}` : date;
};
