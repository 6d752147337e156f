import type { OperatorRole } from '@kl/contracts/admin/access';
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { operator, type OperatorRow, operatorSession } from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { SecretColumn } from '../../platform/secret-rotation.ts';

/** What an operator's TOTP secret is bound to: its column and row (docs/decisions/034-secrets-at-rest.md). */
const totpContext = (operatorId: string) => `operator.totp_secret:${operatorId}`;

/** The operator, while the code of `step` (or a later one) was not used yet. */
const stepUnused = (id: string, step: number) =>
  and(eq(operator.id, id), or(isNull(operator.totpLastStep), lt(operator.totpLastStep, step)));

/**
 * Operator accounts and their sessions (docs/back-office.md). The TOTP secret is sealed under the
 * configured key when written (docs/decisions/034-secrets-at-rest.md) and opened only where codes are
 * checked: `byUsername` (the sign-in's read) and `offerSecret` answer it opened; the other reads answer
 * the stored value, so listing or changing operators never needs the key.
 */
export function createOperatorRepository(db: Db, secrets: SecretBox) {
  return {
    /** The operator signing in, its TOTP secret opened. */
    async byUsername(merchantCode: string, username: string): Promise<OperatorRow | undefined> {
      const [row] = await db
        .select()
        .from(operator)
        .where(and(eq(operator.merchantCode, merchantCode), eq(operator.username, username)));
      if (!row || row.totpSecret === null) return row;
      return { ...row, totpSecret: secrets.open(row.totpSecret, totpContext(row.id)) };
    },

    /** The TOTP secret of a row read otherwise than by `byUsername`, opened where a code is checked. */
    openedSecret(row: Pick<OperatorRow, 'id' | 'totpSecret'>): string | null {
      return row.totpSecret === null ? null : secrets.open(row.totpSecret, totpContext(row.id));
    },

    async byId(merchantCode: string, id: string, tx: DbOrTx = db): Promise<OperatorRow | undefined> {
      const [row] = await tx
        .select()
        .from(operator)
        .where(and(eq(operator.merchantCode, merchantCode), eq(operator.id, id)));
      return row;
    },

    /** The row, locked until the transaction ends (two owners changing one operator at once). */
    async lock(merchantCode: string, id: string, tx: DbOrTx): Promise<OperatorRow | undefined> {
      const [row] = await tx
        .select()
        .from(operator)
        .where(and(eq(operator.merchantCode, merchantCode), eq(operator.id, id)))
        .for('update');
      return row;
    },

    async page(merchantCode: string, limit: number, offset: number) {
      const where = eq(operator.merchantCode, merchantCode);
      const [rows, [total]] = await Promise.all([
        db.select().from(operator).where(where).orderBy(desc(operator.createdAt)).limit(limit).offset(offset),
        db.select({ total: count() }).from(operator).where(where),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    /**
     * Inserts an operator; undefined when the username is taken. Made in the back office it has no password
     * yet and `credentialsIssuedBy` is its creator (docs/decisions/033-operator-credentials.md).
     */
    async insert(
      values: {
        merchantCode: string;
        username: string;
        passwordHash: string | null;
        role: OperatorRole;
        readOnly: boolean;
        createdBy: string | null;
        credentialsIssuedBy: string | null;
        now: Date;
      },
      tx: DbOrTx = db,
    ): Promise<OperatorRow | undefined> {
      const [row] = await tx
        .insert(operator)
        .values({ ...values, createdAt: values.now })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /** Changes the operator; a TOTP secret given is sealed. */
    async update(
      id: string,
      set: Partial<typeof operator.$inferInsert>,
      tx: DbOrTx = db,
    ): Promise<OperatorRow> {
      const sealed =
        typeof set.totpSecret === 'string'
          ? { ...set, totpSecret: secrets.seal(set.totpSecret, totpContext(id)) }
          : set;
      const [row] = await tx.update(operator).set(sealed).where(eq(operator.id, id)).returning();
      if (!row) throw new Error(`operator ${id} vanished`);
      return row;
    },

    /**
     * Keeps a pending (not yet enrolled) secret, sealed, unless one is already there: answers the secret
     * kept, opened.
     */
    async offerSecret(id: string, secret: string): Promise<string> {
      await db
        .update(operator)
        .set({ totpSecret: secrets.seal(secret, totpContext(id)) })
        .where(and(eq(operator.id, id), isNull(operator.totpSecret)));
      const [row] = await db
        .select({ secret: operator.totpSecret })
        .from(operator)
        .where(eq(operator.id, id));
      return row?.secret ? secrets.open(row.secret, totpContext(id)) : secret;
    },

    /** Every stored TOTP secret, for `npm run secrets:rotate`. */
    totpSecrets: {
      name: 'operator.totp_secret',
      async stored() {
        const rows = await db
          .select({ id: operator.id, secret: operator.totpSecret })
          .from(operator)
          .where(isNotNull(operator.totpSecret))
          .orderBy(operator.id);
        return rows.flatMap(({ id, secret }) =>
          secret === null
            ? []
            : [
                {
                  where: `operator ${id}`,
                  context: totpContext(id),
                  stored: secret,
                  replace: async (value: string) =>
                    (
                      await db
                        .update(operator)
                        .set({ totpSecret: value })
                        .where(and(eq(operator.id, id), eq(operator.totpSecret, secret)))
                        .returning({ id: operator.id })
                    ).length === 1,
                },
              ],
        );
      },
    } satisfies SecretColumn,

    /**
     * Uses the code of `step`: one conditional UPDATE, so of two sign-ins with the same code only one
     * passes. Enrols two-factor when it was not yet. False when a later or equal step was used already.
     */
    async useStep(id: string, step: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(operator)
        .set({
          totpLastStep: step,
          totpEnrolledAt: sql`coalesce(${operator.totpEnrolledAt}, ${now}::timestamptz)`,
          lastLoginAt: now,
        })
        .where(and(eq(operator.id, id), or(isNull(operator.totpLastStep), lt(operator.totpLastStep, step))))
        .returning({ id: operator.id });
      return rows.length === 1;
    },

    /**
     * Forgets a two-factor secret offered but not enrolled yet (nothing when enrolled), so that the next
     * offer is a new one: whoever saw an earlier offer does not know the secret enrolled.
     */
    async dropPendingSecret(id: string): Promise<void> {
      await db
        .update(operator)
        .set({ totpSecret: null })
        .where(and(eq(operator.id, id), isNull(operator.totpEnrolledAt)));
    },

    /** The usernames of some operators, by id (who issued whose credentials, who wrote a promotion). */
    async usernamesOf(ids: readonly string[], tx: DbOrTx = db): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await tx
        .select({ id: operator.id, username: operator.username })
        .from(operator)
        .where(inArray(operator.id, [...ids]));
      return new Map(rows.map((row) => [row.id, row.username]));
    },

    /**
     * Clears what a reset approved clears, in the approving transaction: the password, and/or the
     * two-factor (secret, enrolment, last step). The approving owner now holds the link of the new ones.
     */
    async clearCredentials(
      id: string,
      clear: { password: boolean; twoFactor: boolean; issuedBy: string },
      tx: DbOrTx,
    ): Promise<void> {
      await tx
        .update(operator)
        .set({
          ...(clear.password && { passwordHash: null }),
          ...(clear.twoFactor && { totpSecret: null, totpEnrolledAt: null, totpLastStep: null }),
          credentialsIssuedBy: clear.issuedBy,
        })
        .where(eq(operator.id, id));
    },

    /**
     * The credentials set through an invitation link: the new password (when it set one) and the code of
     * `step` used, enrolling two-factor when it was not. One conditional UPDATE: false when a later or
     * equal step was used already (nothing changed).
     */
    async acceptCredentials(
      id: string,
      values: { passwordHash: string | undefined; step: number; now: Date },
      tx: DbOrTx,
    ): Promise<boolean> {
      const rows = await tx
        .update(operator)
        .set({
          ...(values.passwordHash !== undefined && { passwordHash: values.passwordHash }),
          totpLastStep: values.step,
          totpEnrolledAt: sql`coalesce(${operator.totpEnrolledAt}, ${values.now}::timestamptz)`,
          lastLoginAt: values.now,
        })
        .where(stepUnused(id, values.step))
        .returning({ id: operator.id });
      return rows.length === 1;
    },

    /**
     * The operator's own new password, with the code of `step` used up (one conditional UPDATE: false when
     * a later or equal step was used already, and nothing changed).
     */
    async changePassword(
      id: string,
      values: { passwordHash: string; step: number },
      tx: DbOrTx,
    ): Promise<boolean> {
      const rows = await tx
        .update(operator)
        .set({ passwordHash: values.passwordHash, totpLastStep: values.step })
        .where(stepUnused(id, values.step))
        .returning({ id: operator.id });
      return rows.length === 1;
    },

    /** Ends the operator's open sessions but the one of `keepTokenHash`; answers how many. */
    async revokeOtherSessions(
      operatorId: string,
      keepTokenHash: string,
      now: Date,
      tx: DbOrTx,
    ): Promise<number> {
      const rows = await tx
        .update(operatorSession)
        .set({ revokedAt: now })
        .where(
          and(
            eq(operatorSession.operatorId, operatorId),
            ne(operatorSession.tokenHash, keepTokenHash),
            isNull(operatorSession.revokedAt),
            gt(operatorSession.expiresAt, now),
          ),
        )
        .returning({ id: operatorSession.id });
      return rows.length;
    },

    async insertSession(values: {
      operatorId: string;
      tokenHash: string;
      ip: string;
      now: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db.insert(operatorSession).values({
        operatorId: values.operatorId,
        tokenHash: values.tokenHash,
        ip: values.ip,
        createdAt: values.now,
        lastSeenAt: values.now,
        expiresAt: values.expiresAt,
      });
    },

    async sessionByToken(tokenHash: string) {
      const [row] = await db
        .select({ session: operatorSession, operator })
        .from(operatorSession)
        .innerJoin(operator, eq(operator.id, operatorSession.operatorId))
        .where(eq(operatorSession.tokenHash, tokenHash));
      return row;
    },

    async touchSession(id: string, now: Date): Promise<void> {
      await db.update(operatorSession).set({ lastSeenAt: now }).where(eq(operatorSession.id, id));
    },

    async revokeSession(tokenHash: string, now: Date): Promise<void> {
      await db
        .update(operatorSession)
        .set({ revokedAt: now })
        .where(and(eq(operatorSession.tokenHash, tokenHash), isNull(operatorSession.revokedAt)));
    },

    /** Ends every open session of the operator; answers how many. */
    async revokeSessionsOf(operatorId: string, now: Date, tx: DbOrTx = db): Promise<number> {
      const rows = await tx
        .update(operatorSession)
        .set({ revokedAt: now })
        .where(
          and(
            eq(operatorSession.operatorId, operatorId),
            isNull(operatorSession.revokedAt),
            gt(operatorSession.expiresAt, now),
          ),
        )
        .returning({ id: operatorSession.id });
      return rows.length;
    },
  };
}
export type OperatorRepository = ReturnType<typeof createOperatorRepository>;
