/** Amounts typed with their thousands grouped (10,000,000), read back as a number (an InputNumber's props). */
export const GROUPED = {
  formatter: (value: number | string | undefined) =>
    String(value ?? '').replace(/\B(?=(\d{3})+(?!\d))/g, ','),
  parser: (text: string | undefined) => Number((text ?? '').replace(/[^\d]/g, '')),
};
