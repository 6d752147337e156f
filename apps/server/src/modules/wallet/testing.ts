import { type MemberRow, member } from '../../db/schema/index.ts';
import { type Clock, systemClock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { createSessionRepository, createSessionService } from '../auth/index.ts';

/** Test helpers of the money modules: members made directly in the database, logged in by a session. */

let counter = 0;

/** A member of the seeded merchant (a real member, type 0, unless told otherwise). */
export async function createTestMember(
  db: Db,
  overrides: { type?: number; merchantCode?: string; username?: string; payeeName?: string } = {},
): Promise<MemberRow> {
  counter += 1;
  const now = new Date();
  const [created] = await db
    .insert(member)
    .values({
      merchantCode: overrides.merchantCode ?? 'kimlong',
      username: overrides.username ?? `money${counter}${Math.floor(Math.random() * 1e6)}`.slice(0, 15),
      type: overrides.type ?? 0,
      payeeName: overrides.payeeName ?? 'NGUYEN VAN AN',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!created) throw new Error('could not create the test member');
  return created;
}

/** A live session of the member: the value of its session cookie. */
export async function sessionOf(db: Db, row: MemberRow, clock: Clock = systemClock): Promise<string> {
  const sessions = createSessionService({ sessions: createSessionRepository(db), clock });
  const session = await sessions.create(row, { ip: '127.0.0.1', device: 'H5' }, { method: 'password' });
  return session.token;
}
