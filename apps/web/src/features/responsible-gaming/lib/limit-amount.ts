export type LimitCheck =
  { ok: true; amount: number } | { ok: false; error: 'required' | 'whole' | 'positive' | 'max' };

/**
 * A deposit limit typed by the member: a whole, positive amount of VND (no minor unit, so also the minor
 * units the API takes); thousands separators (dots, commas, spaces) are ignored.
 */
export function checkLimitAmount(text: string): LimitCheck {
  const digits = text.replace(/[\s.,_]/g, '');
  if (digits === '') return { ok: false, error: 'required' };
  if (!/^\d+$/.test(digits)) return { ok: false, error: 'whole' };
  const amount = Number(digits);
  if (!Number.isSafeInteger(amount)) return { ok: false, error: 'max' };
  if (amount <= 0) return { ok: false, error: 'positive' };
  return { ok: true, amount };
}
