/** An amount in đồng as the English screens write it (Intl, 'en'). */
export const vnd = (amount: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'VND' }).format(amount);
