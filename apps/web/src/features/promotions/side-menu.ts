/**
 * What the side menu needs of promotions: whether the merchant runs a REFERRAL promotion now (the invite
 * item). Its own entry, apart from index.ts (which the router loads with the first page), so that it is
 * bundled with the lazily loaded side menu only; the schema is loaded with the call.
 */
export { useReferralPromotionRunning } from './api/use-referral-promotion.ts';
