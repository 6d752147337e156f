import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';
import { merchantCode, memberId } from './references.ts';

/** Firebase sign-in providers a member may log in with (the token's `firebase.sign_in_provider`). */
export const IDENTITY_PROVIDERS = ['google.com', 'facebook.com', 'phone'] as const;
export type IdentityProvider = (typeof IDENTITY_PROVIDERS)[number];

/**
 * A member's quick-login identity: the Firebase user (the ID token's `sub`) of one sign-in provider.
 * The first quick login creates the member; later ones find it here.
 */
export const memberIdentity = pgTable(
  'member_identity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: merchantCode(),
    provider: text('provider', { enum: IDENTITY_PROVIDERS }).notNull(),
    /** The Firebase user id (`sub`, at most 128 characters). */
    subject: text('subject').notNull(),
    memberId: memberId('cascade'),
    createdAt: at('created_at').notNull(),
    lastLoginAt: at('last_login_at').notNull(),
  },
  (table) => [
    uniqueIndex('member_identity_merchant_provider_subject_key').on(
      table.merchantCode,
      table.provider,
      table.subject,
    ),
    index('member_identity_member_idx').on(table.memberId),
    check(
      'member_identity_provider_check',
      sql`${table.provider} in (${sql.raw(IDENTITY_PROVIDERS.map((value) => `'${value}'`).join(', '))})`,
    ),
    check('member_identity_subject_check', sql`char_length(${table.subject}) between 1 and 128`),
  ],
);

export type MemberIdentityRow = typeof memberIdentity.$inferSelect;
