import { z } from 'zod';

/**
 * Shapes of the account calls that accounts.ts leaves open: the username and affiliate checks of the
 * registration form, and the calls that answer nothing beyond success.
 */

/** GET /api/register/username-check?username= — a taken name is 409 USERNAME_EXISTS, a bad one ACCOUNT_FORMAT. */
export const usernameCheckQuery = z.object({ username: z.string().max(64) });
export const usernameCheckResult = z.object({ available: z.literal(true) });

/** GET /api/register/affiliate-check?affiliateCode= — an unknown code is 400 INVALID_INVITATION_CODE. */
export const affiliateCheckQuery = z.object({ affiliateCode: z.string().max(64) });
export const affiliateCheckResult = z.object({ valid: z.literal(true) });

/** The value of calls that only succeed or fail: logout, change password, password reset calls. */
export const noValue = z.null();
