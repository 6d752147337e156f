/**
 * Who owns each table of the server (docs/decisions/037-table-owners.md): the one module under
 * `apps/server/src/modules/` whose repositories read and write it. Any other module asks the owner, through
 * the owner's index.ts, for what it needs. Enforced by the ESLint rule `tables/owner`
 * (tools/lint/table-boundaries.js).
 *
 * `SCHEMA_OWNERS` maps each schema file (`apps/server/src/db/schema/<file>.ts`) to its owner; `tables`
 * names the tables of the file that another module owns. A table's row types (`XRow`, `NewXRow`) belong
 * with the table. `null`: column helpers every schema file uses, no table.
 */
export const SCHEMA_OWNERS = {
  accounts: {
    owner: 'member',
    tables: {
      memberSession: 'auth',
      loginAttempt: 'auth',
      loginKey: 'auth',
      passwordResetToken: 'auth',
      memberTwoFactor: 'auth',
      memberRecoveryCode: 'auth',
      memberLoginChallenge: 'auth',
      captcha: 'verification',
      smsCode: 'verification',
      affiliateCode: 'agents',
      registrationFieldRule: 'register',
    },
  },
  'agent-contracts': { owner: 'agent-contracts' },
  agents: { owner: 'agents' },
  // The guessing limits are platform code (apps/server/src/platform/attempts.ts), no module's.
  attempts: { owner: 'platform' },
  'back-office': { owner: 'back-office' },
  chat: { owner: 'chat' },
  columns: null,
  content: { owner: 'content' },
  deposit: { owner: 'deposit' },
  'dev-outbox': { owner: 'outbox' },
  feedback: { owner: 'feedback' },
  'game-records': { owner: 'game-records' },
  games: { owner: 'games' },
  images: { owner: 'images' },
  kyc: { owner: 'kyc' },
  ledger: { owner: 'wallet' },
  lottery: { owner: 'lottery' },
  'member-identity': { owner: 'auth' },
  merchant: { owner: 'merchant' },
  'provider-wallet': { owner: 'provider-wallet' },
  references: null,
  'responsible-gaming': { owner: 'responsible-gaming' },
  risk: { owner: 'risk' },
  slot: { owner: 'slot' },
  'vip-promotions': { owner: 'promotions', tables: { vipLevel: 'vip' } },
  wagering: { owner: 'wallet' },
  withdrawal: { owner: 'withdrawal' },
};

/**
 * Modules that own read models across the tables: they may import any table to read it, never to write
 * it (`insert`, `update`, `delete` of an imported table are errors there).
 */
export const READ_MODEL_MODULES = ['reporting'];

/**
 * Files (under `apps/server/src/modules/`) that still import tables of another module, each with those
 * tables. The list only shrinks: a file not listed, or a table not listed for it, is an error, and
 * tools/lint/table-boundaries.test.ts fails when an entry is no longer needed.
 */
export const FOREIGN_TABLE_ALLOWANCES = {
  'agents/centre/repository.ts': [
    'announcement',
    'gameRound',
    'ledgerTransaction',
    'member',
    'memberSession',
    'merchant',
  ],
  'agents/hierarchy/repository.ts': ['member', 'merchant'],
  'agents/settlement/repository.ts': ['agentContract', 'member'],
  'agents/team.ts': ['gameRound', 'ledgerTransaction'],
  'auth/session-repository.ts': ['member'],
  'chat/repository.ts': ['member', 'memberSession', 'operator'],
  'content/inbox/repository.ts': ['member'],
  'deposit/deposit-check.ts': ['ledgerTransaction'],
  'game-records/service.ts': ['ledgerTransaction'],
  'lottery/repository.ts': ['game'],
  'lottery/seed.ts': ['game'],
  'promotions/repository.ts': ['bankAccountConflict', 'gameRound', 'ledgerTransaction', 'member'],
  'promotions/seed.ts': ['registrationFieldRule'],
  'provider-wallet/provider-check.ts': ['gameRound', 'ledgerTransaction'],
  'provider-wallet/repository.ts': ['gameRound', 'member'],
  'register/repository.ts': ['affiliateCode'],
  'responsible-gaming/repository.ts': ['depositOrder', 'member'],
  'wallet/ledger-repository.ts': ['member'],
  'wallet/wagering-check.ts': ['gameRound', 'promotionClaim'],
  'wallet/wagering-repository.ts': ['promotion', 'promotionClaim'],
  'withdrawal/repository.ts': ['member'],
  'withdrawal/withdrawal-check.ts': ['ledgerAccount', 'ledgerTransaction'],
};
