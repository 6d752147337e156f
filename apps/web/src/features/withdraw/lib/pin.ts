/** A payment password is exactly 6 digits (contracts paymentPasswordSchema). */
export const PIN_LENGTH = 6;
