/** An account number for display: its last 4 digits only. */
export const maskAccountNumber = (accountNumber: string) => `****${accountNumber.slice(-4)}`;
