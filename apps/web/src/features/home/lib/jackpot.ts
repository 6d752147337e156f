import { JACKPOT_TICKER } from '@kl/contracts/constants';

type Random = () => number;

/** A whole number from `min` to `max`, both included. */
const between = (min: number, max: number, random: Random) => min + Math.floor(random() * (max - min + 1));

/** product.md §9: the ticker starts between 50,000,000 and 92,635,863… */
export const jackpotStart = (random: Random = Math.random) =>
  between(JACKPOT_TICKER.startMin, JACKPOT_TICKER.startMax, random);
/** …and rises by 100 to 500… */
export const jackpotStep = (random: Random = Math.random) =>
  between(JACKPOT_TICKER.stepMin, JACKPOT_TICKER.stepMax, random);
/** …every 1 to 3 seconds. */
export const jackpotDelayMs = (random: Random = Math.random) =>
  between(JACKPOT_TICKER.intervalMinMs, JACKPOT_TICKER.intervalMaxMs, random);
