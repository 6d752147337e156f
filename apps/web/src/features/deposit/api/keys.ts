/** Query keys of the deposit screen; the member's own data starts with ['member'] (a logout drops it). */
export const DEPOSIT_CHANNELS_KEY = ['member', 'deposit', 'channels'] as const;
export const depositOrderKey = (orderId: string) => ['member', 'deposit', 'order', orderId] as const;
