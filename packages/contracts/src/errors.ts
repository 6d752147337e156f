/**
 * The error catalogue of product.md §8. The server answers every failure with one of these codes and the
 * HTTP status given here; the web app shows the localised message of the code.
 */
export const ERROR_CATALOGUE = {
  INVALID_INVITATION_CODE: { status: 400 },
  WRONG_CREDENTIALS: { status: 401 },
  WRONG_VERIFICATION_CODE: { status: 400 },
  NOT_LOGGED_IN: { status: 401 },
  ACCOUNT_UNAVAILABLE: { status: 403 },
  USERNAME_EXISTS: { status: 409 },
  FEATURE_NOT_ENABLED: { status: 403 },
  IP_RESTRICTED: { status: 403 },
  MAINTENANCE: { status: 503 },
  NETWORK_OFFLINE: { status: 0 },
  SYSTEM_ERROR: { status: 500 },
  LOGIN_PERMISSION_MISSING: { status: 403 },
  AGENT_LINK_INCORRECT: { status: 400 },
  REFERRER_LINK_ERROR: { status: 400 },
  ACCOUNT_FORMAT: { status: 400 },
  PASSWORD_FORMAT: { status: 400 },
  EMAIL_FORMAT: { status: 400 },
  NAME_FORMAT: { status: 400 },
  MOBILE_FORMAT: { status: 400 },
  CONFIRMATION_NOT_MATCHED: { status: 400 },
  UNKNOWN_ERROR: { status: 500 },
  SYSTEM_UPGRADING: { status: 503 },
  SESSION_EXPIRED: { status: 401 },
  LOAD_FAILED: { status: 0 },
  INVALID_INPUT: { status: 400 },
  NOT_FOUND: { status: 404 },
  METHOD_NOT_ALLOWED: { status: 405 },
  PAYLOAD_TOO_LARGE: { status: 413 },
  UNSUPPORTED_MEDIA_TYPE: { status: 415 },
  TOO_MANY_REQUESTS: { status: 429 },
  // Feedback (product.md §5 feedback and upload rules).
  FEEDBACK_CONTENT_LENGTH: { status: 400 },
  IMAGE_TYPE_NOT_ALLOWED: { status: 415 },
  IMAGE_TOO_LARGE: { status: 413 },
  TOO_MANY_IMAGES: { status: 400 },
  // Wallet and deposit.
  INSUFFICIENT_BALANCE: { status: 409 },
  IDEMPOTENCY_CONFLICT: { status: 409 },
  DEPOSIT_AMOUNT_OUT_OF_RANGE: { status: 400 },
  DEPOSIT_ORDER_CLOSED: { status: 409 },
  CALLBACK_SIGNATURE_INVALID: { status: 401 },
  CALLBACK_TIMESTAMP_EXPIRED: { status: 401 },
  // Responsible gaming (responsible-gaming.ts).
  DEPOSIT_LIMIT_EXCEEDED: { status: 409 },
  ACCOUNT_TIMED_OUT: { status: 403 },
  ACCOUNT_SELF_EXCLUDED: { status: 403 },
  // Two-factor authentication of members (accounts.ts).
  TWO_FACTOR_REQUIRED: { status: 401 },
  WRONG_TWO_FACTOR_CODE: { status: 400 },
  TWO_FACTOR_CHALLENGE_EXPIRED: { status: 401 },
  TWO_FACTOR_ON: { status: 409 },
  TWO_FACTOR_OFF: { status: 409 },
  TWO_FACTOR_NOT_STARTED: { status: 409 },
  // The member's profile (accounts.ts).
  BIRTHDAY_ALREADY_SET: { status: 409 },
  // The member's e-mail and mobile number (accounts.ts).
  EMAIL_LINK_INVALID: { status: 400 },
  EMAIL_NOTHING_TO_VERIFY: { status: 409 },
  MOBILE_TAKEN: { status: 409 },
  // Know your customer (kyc.ts).
  KYC_REQUIRED: { status: 403 },
  KYC_UNDER_REVIEW: { status: 409 },
  KYC_APPROVED: { status: 409 },
  KYC_CLOSED: { status: 409 },
  KYC_UNDER_AGE: { status: 400 },
  KYC_NAME_MISMATCH: { status: 400 },
  // Withdrawal (withdrawal.ts).
  TWO_FACTOR_NEEDED: { status: 403 },
  PAYMENT_PASSWORD_NOT_SET: { status: 409 },
  PAYMENT_PASSWORD_SET: { status: 409 },
  WRONG_PAYMENT_PASSWORD: { status: 400 },
  PAYMENT_PASSWORD_LOCKED: { status: 429 },
  BANK_ACCOUNT_NAME_MISMATCH: { status: 400 },
  BANK_ACCOUNT_EXISTS: { status: 409 },
  WITHDRAWAL_AMOUNT_OUT_OF_RANGE: { status: 400 },
  WITHDRAWAL_DAILY_LIMIT: { status: 429 },
  WITHDRAWAL_CLOSED: { status: 409 },
  // Agent contracts (agent-contracts.ts).
  CONTRACT_CLOSED: { status: 409 },
  MEMBER_NOT_AGENT: { status: 409 },
  // Promotions (promotions.ts).
  PROMOTION_NOT_ACTIVE: { status: 409 },
  PROMOTION_ALREADY_APPLIED: { status: 409 },
  BONUS_NOT_CLAIMABLE: { status: 409 },
  // An operator kept the member from bonuses or withdrawals (admin/risk.ts); `reason` says which.
  MEMBER_RESTRICTED: { status: 403 },
  // Back office: a risk signal another operator already reviewed (admin/risk.ts).
  RISK_SIGNAL_REVIEWED: { status: 409 },
  // Back office: a password-reset link for a member who gave no e-mail address (admin/members.ts).
  MEMBER_HAS_NO_EMAIL: { status: 409 },
  MEMBER_EMAIL_NOT_VERIFIED: { status: 409 },
  // Wagering (wagering.ts).
  TURNOVER_NOT_MET: { status: 409 },
  BONUS_NOT_FORFEITABLE: { status: 409 },
  BANK_ACCOUNT_TAKEN: { status: 409 },
  // Lottery (lottery.ts).
  LOTTERY_BETTING_CLOSED: { status: 409 },
  LOTTERY_LIMIT_EXCEEDED: { status: 409 },
  // Game launch: a one-time launch link used, expired or unknown (about the link, not the session).
  LAUNCH_LINK_EXPIRED: { status: 410 },
  // Back office: the operator's role does not allow the call; a movement of house money or a request needs
  // another approver, one independent of its requester (neither held the other's invitation link); the
  // operator gave this member money lately and may not approve its payout (docs/back-office.md, "Four eyes").
  PERMISSION_DENIED: { status: 403 },
  SECOND_APPROVER_REQUIRED: { status: 409 },
  APPROVER_NOT_INDEPENDENT: { status: 409 },
  SEGREGATION_OF_DUTIES: { status: 403 },
  ADJUSTMENT_CLOSED: { status: 409 },
  FREE_ROUNDS_CLOSED: { status: 409 },
  // Back office operators' credentials (admin/credentials.ts): an invitation link unknown or used, or past
  // its time; credentials reset, to be set through the link; a request already waiting, or decided; a
  // sign-in that needs a captcha first.
  INVITATION_INVALID: { status: 410 },
  INVITATION_EXPIRED: { status: 410 },
  INVITATION_REQUIRED: { status: 403 },
  OPERATOR_REQUEST_PENDING: { status: 409 },
  OPERATOR_REQUEST_CLOSED: { status: 409 },
  CAPTCHA_REQUIRED: { status: 400 },
  // Back office: a promotion with nothing waiting to be published or discarded, or whose pending change
  // is not the one the operator read (written again, published or discarded since).
  PROMOTION_NOTHING_PENDING: { status: 409 },
  PROMOTION_DRAFT_CHANGED: { status: 409 },
  // Back office: a lottery draw already drawn (its result out, wins maybe paid) cannot be voided.
  LOTTERY_DRAW_NOT_VOIDABLE: { status: 409 },
  // Back office payments (admin/payments.ts): a channel code taken, a channel with orders (switched off,
  // never deleted), a deposit order with no first approval waiting, a statement line already resolved,
  // an order whose amount is not the line's.
  DEPOSIT_CHANNEL_EXISTS: { status: 409 },
  DEPOSIT_CHANNEL_IN_USE: { status: 409 },
  DEPOSIT_NOT_AWAITING_APPROVAL: { status: 409 },
  STATEMENT_LINE_CLOSED: { status: 409 },
  DEPOSIT_AMOUNT_DIFFERS: { status: 409 },
  // Back office site settings: a switch that needs what the deployment does not have (an SMS sender, a
  // configured Google / Facebook sign-in).
  SMS_NOT_CONFIGURED: { status: 409 },
  SOCIAL_LOGIN_NOT_CONFIGURED: { status: 409 },
  // Agents (agents.ts): an application already waiting, a member who already is an agent, a hierarchy
  // as deep as the merchant allows, a settlement already decided, a period not yet over.
  AGENT_APPLICATION_PENDING: { status: 409 },
  ALREADY_AGENT: { status: 409 },
  AGENT_DEPTH_LIMIT: { status: 409 },
  SETTLEMENT_CLOSED: { status: 409 },
  PERIOD_NOT_CLOSED: { status: 409 },
  // Provider wallet (provider-wallet.ts): a provider's request not signed with its key or signed too long
  // ago; a stake or a win in a round the provider already ended.
  PROVIDER_SIGNATURE_INVALID: { status: 401 },
  PROVIDER_TIMESTAMP_EXPIRED: { status: 401 },
  GAME_ROUND_CLOSED: { status: 409 },
  // Sandbox provider (sandbox-provider.ts): a bet slip the book no longer takes as it is (a price changed,
  // a match started…), a cash-out after kick-off or of a slip no longer open.
  BET_SLIP_REFUSED: { status: 409 },
  CASH_OUT_CLOSED: { status: 409 },
  // A game provider (or the wallet a provider calls) did not answer, or is not connected: try again later.
  GAME_PROVIDER_UNAVAILABLE: { status: 503 },
  // Launching a game (docs/decisions/027-provider-launch.md): its provider is switched off by the back
  // office, or does not offer this catalogue game.
  GAME_PROVIDER_DISABLED: { status: 403 },
  GAME_NOT_OFFERED: { status: 404 },
  // The game catalogue in the back office (docs/decisions/046-catalogue-in-the-back-office.md): a vendor or
  // a game id already there, a vendor or provider unknown, a provider missing or not used, a lottery game.
  GAME_VENDOR_EXISTS: { status: 409 },
  GAME_EXISTS: { status: 409 },
  GAME_VENDOR_UNKNOWN: { status: 400 },
  GAME_PROVIDER_UNKNOWN: { status: 400 },
  GAME_PROVIDER_REQUIRED: { status: 400 },
  GAME_PROVIDER_NOT_USED: { status: 400 },
  LOTTERY_GAMES_FIXED: { status: 400 },
  // Game providers in the back office (admin/game-providers.ts): a provider code already registered, an API
  // address that is not an http(s) URL, an allowed address that is not an IP address or CIDR block
  // (unknown providers answer GAME_PROVIDER_UNKNOWN, above).
  GAME_PROVIDER_EXISTS: { status: 409 },
  GAME_PROVIDER_ENDPOINT_INVALID: { status: 400 },
  GAME_PROVIDER_ADDRESS_INVALID: { status: 400 },
  // A provider's protocol and report address (docs/decisions/072-providers-in-the-back-office.md): a Hub88 or
  // Pragmatic provider without an API address, its settings missing or wrong, a key that is not an RSA key of
  // 2048 bits or more, a report address that is not an http(s) URL.
  GAME_PROVIDER_ENDPOINT_REQUIRED: { status: 400 },
  GAME_PROVIDER_SETTINGS_INVALID: { status: 400 },
  GAME_PROVIDER_KEY_INVALID: { status: 400 },
  GAME_PROVIDER_REPORT_URL_INVALID: { status: 400 },
  // The lotteries in the back office (admin/lotteries.ts): a lottery code the merchant has already.
  LOTTERY_EXISTS: { status: 409 },
  // A POST, PUT, PATCH or DELETE that a browser sent from another site (Sec-Fetch-Site, or an Origin not
  // the site's own; docs/decisions/035-client-address-and-cross-site-requests.md).
  CROSS_SITE_REQUEST: { status: 403 },
  // A picture uploaded in the back office (images.ts): not a PNG, JPEG or WebP by its bytes, or one that
  // does not decode.
  PICTURE_TYPE_NOT_ALLOWED: { status: 415 },
  PICTURE_NOT_DECODABLE: { status: 400 },
  // VIP levels in the back office (admin/vip.ts): a deposit threshold not between the levels' around it
  // (level 0 starts at 0); a level that is not the last (only the highest is deleted, a new one comes right
  // after it); the highest level deleted while members are at it.
  VIP_THRESHOLD_NOT_ASCENDING: { status: 400 },
  VIP_LEVEL_NOT_LAST: { status: 409 },
  VIP_LEVEL_IN_USE: { status: 409 },
  // Back office: a list longer than an export writes at once (admin/exports.ts); `limit` and `total` say
  // by how much.
  EXPORT_TOO_LARGE: { status: 400 },
} as const satisfies Record<string, { status: number }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as [ErrorCode, ...ErrorCode[]];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
}

/** Codes the client produces itself (no server answers with them). */
export const CLIENT_ONLY_ERROR_CODES = [
  'NETWORK_OFFLINE',
  'LOAD_FAILED',
] as const satisfies readonly ErrorCode[];
