/** Values shared by the Playwright configuration and the specs. */

/** Port of the server started for the end-to-end tests (E2E_PORT overrides it). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18480);

/**
 * Port of the sandboxes process started beside it (the sandbox payment gateway and game provider,
 * apps/sandboxes; E2E_SANDBOXES_PORT overrides it).
 */
export const E2E_SANDBOXES_PORT = Number(process.env.E2E_SANDBOXES_PORT ?? 18490);

/**
 * A copy of the site's data folder as it is before the test server starts (the demo seed and the
 * operators), made while no process holds it (playwright.config.ts): a journey that runs a second server
 * of its own starts it on a copy of this one (pwa.spec.ts) rather than on a database made from nothing.
 */
export const siteCopyOf = (dataDir: string) => `${dataDir}-site`;

/**
 * Where the journeys keep the two-factor secrets their operators enrolled and the last code step each used
 * (operator-api.ts), so that a worker started again signs the same operator in once more.
 */
export const operatorSecretsOf = (dataDir: string) => `${dataDir}-operators`;

/**
 * HMAC key the test server shares with the payment gateway (PAYMENT_CALLBACK_SECRET): a spec can deliver
 * a signed gateway callback itself, for example a second time.
 */
export const PAYMENT_CALLBACK_SECRET = 'e2e-payment-callback-secret-0123456789abcdef';

/** The first back-office owner, made by `npm run operator:create` before the test server starts. */
export const ADMIN_OWNER = { username: 'e2e-owner', password: 'e2e-owner-passphrase' } as const;

/**
 * The back-office owner of the agents journey (agents.spec.ts), made like ADMIN_OWNER: its own account, so
 * that its two-factor enrolment does not depend on the order the journeys run in.
 */
export const AGENTS_OWNER = { username: 'e2e-agents-owner', password: 'e2e-agents-passphrase' } as const;

/**
 * The finance operator who pays the withdrawal journey's request (withdraw.spec.ts), made like ADMIN_OWNER: an
 * account of its own, whose two-factor enrolment no other journey shares.
 */
export const CASHIER = { username: 'e2e-cashier', password: 'e2e-cashier-passphrase' } as const;

/**
 * The second operator of the agents journey (agents.spec.ts), made like AGENTS_OWNER: a contract the owner
 * offers reaches the agent only once another operator approves it (docs/agents.md, "Offers under four eyes").
 */
export const AGENTS_APPROVER = {
  username: 'e2e-agents-approver',
  password: 'e2e-agents-approver-pass',
} as const;

/** The two operators of the agent contract journey (agent.spec.ts): one proposes the offer, one approves it. */
export const CONTRACT_PROPOSER = {
  username: 'e2e-contract-proposer',
  password: 'e2e-contract-proposer-pass',
} as const;
export const CONTRACT_APPROVER = {
  username: 'e2e-contract-approver',
  password: 'e2e-contract-approver-pass',
} as const;

/**
 * The owner who switches the site in the system status journey (system-status.spec.ts) through the back
 * office's calls, made like ADMIN_OWNER: operators act only on their own sessions
 * (docs/decisions/048-operator-sessions-only.md).
 */
export const STATUS_OWNER = { username: 'e2e-status-owner', password: 'e2e-status-owner-pass' } as const;

/** The owner who grants the free rounds journey's member ten free rounds in the back office (free-rounds.spec.ts). */
export const FREE_ROUNDS_OWNER = {
  username: 'e2e-free-rounds-owner',
  password: 'e2e-free-rounds-owner-pass',
} as const;

/** The support operator who answers the live chat journey's member in the back office (chat.spec.ts). */
export const CHAT_SUPPORT = { username: 'e2e-chat-support', password: 'e2e-chat-support-pass' } as const;

/**
 * The risk operators who check members' identity documents, two per journey whose member withdraws: one
 * approves, the other confirms (docs/decisions/057-know-your-customer.md). Each journey has its own pair, so
 * that no two journeys sign one operator in at once.
 */
export const KYC_REVIEWERS = {
  /** withdraw.spec.ts: in the back office's screens. */
  withdraw: [
    { username: 'e2e-kyc-reviewer', password: 'e2e-kyc-reviewer-pass' },
    { username: 'e2e-kyc-confirmer', password: 'e2e-kyc-confirmer-pass' },
  ],
  /** promotions.spec.ts: by the back office's calls. */
  promotions: [
    { username: 'e2e-kyc-promo-first', password: 'e2e-kyc-promo-first-pass' },
    { username: 'e2e-kyc-promo-second', password: 'e2e-kyc-promo-second-pass' },
  ],
  /** back-office.spec.ts: by the back office's calls. */
  backOffice: [
    { username: 'e2e-kyc-office-first', password: 'e2e-kyc-office-first-pass' },
    { username: 'e2e-kyc-office-second', password: 'e2e-kyc-office-second-pass' },
  ],
} as const;
