/** A bigint amount as the API writes it: a JSON number, which must stay exact. */
export function moneyNumber(value: bigint): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number))
    throw new Error(`amount ${value} is beyond what JSON numbers hold exactly`);
  return number;
}
