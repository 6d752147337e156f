import type { ChangeFeed } from '../../../platform/change-feed.ts';
import { randomUUID } from 'node:crypto';
import type { AdminAnnouncement, AdminAnnouncementType } from '@kl/contracts/admin/content';
import type { Clock } from '../../../platform/clock.ts';
import type { Db } from '../../../platform/db.ts';
import { DomainError } from '../../../platform/errors.ts';
import type { AuditActor, AuditLog } from '../audit.ts';
import { localized, type TextInput } from '../localized.ts';
import { type AnnouncementRow, createAnnouncementRepository } from '../../content/index.ts';

/**
 * Announcements in the back office (docs/back-office.md, "Content"). Texts are kept exactly as the operator
 * wrote them, HTML included (docs/decisions/013-content.md): the player site sanitises them when it shows
 * them and the content module makes the marquee's plain-text summary. The content module reads the table
 * on every call (no cache of its own), so a change shows at once; visitors' answers may be kept by a
 * browser or proxy for up to a minute (their `max-age`).
 */

/** What a save asks for, once validated (the body of the create and update calls). */
export interface SaveAnnouncement {
  type: AdminAnnouncementType;
  title: TextInput;
  content: TextInput;
  popular: boolean;
  active: boolean;
  publishedAt?: string | undefined;
  expiresAt?: string | null | undefined;
}

export function adminAnnouncementOf(row: AnnouncementRow): AdminAnnouncement {
  return {
    id: row.id,
    type: row.type as AdminAnnouncementType,
    groupName: row.groupName,
    title: row.title,
    content: row.content,
    popular: row.popular,
    active: row.active,
    publishedAt: row.publishedAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

const ANNOUNCEMENT_NOT_FOUND = () => new DomainError('NOT_FOUND', { reason: 'ANNOUNCEMENT_NOT_FOUND' });

/** An announcement that would expire before it is published is refused. */
function checkPeriod(publishedAt: Date, expiresAt: Date | null): void {
  if (expiresAt !== null && expiresAt <= publishedAt) {
    throw new DomainError('INVALID_INPUT', { field: 'expiresAt', reason: 'EXPIRES_BEFORE_PUBLISHED' });
  }
}

export function createAnnouncementAdmin(deps: {
  db: Db;
  clock: Clock;
  merchantCode: string;
  audit: AuditLog;
  /** Where a change of the announcements is published ('content'; docs/decisions/022-api-caching.md). */
  changes?: Pick<ChangeFeed, 'publish'> | undefined;
}) {
  const { db, clock, merchantCode, audit } = deps;
  // The content module's repository: the one writer of the announcements.
  const announcements = createAnnouncementRepository(db, deps.changes);

  return {
    /** Every announcement of the merchant, shown now or not, newest published first. */
    async list(query: { pageNo: number; pageSize: number }) {
      const { rows, total } = await announcements.announcementPageForOperators(
        merchantCode,
        query.pageSize,
        (query.pageNo - 1) * query.pageSize,
      );
      return { list: rows.map(adminAnnouncementOf), pageNo: query.pageNo, pageSize: query.pageSize, total };
    },

    /** A new announcement, shown everywhere (no group), published now unless told when. */
    async create(actor: AuditActor, request: SaveAnnouncement): Promise<AdminAnnouncement> {
      const now = clock();
      const publishedAt = request.publishedAt === undefined ? now : new Date(request.publishedAt);
      const expiresAt = request.expiresAt ? new Date(request.expiresAt) : null;
      checkPeriod(publishedAt, expiresAt);
      return db.transaction(async (tx) => {
        const row = await announcements.insertAnnouncement(
          {
            merchantCode,
            key: `bo-${randomUUID()}`,
            type: request.type,
            groupName: null,
            title: localized(request.title),
            content: localized(request.content),
            popular: request.popular,
            active: request.active,
            publishedAt,
            expiresAt,
            createdAt: now,
          },
          tx,
        );
        const created = adminAnnouncementOf(row);
        await audit.record(
          actor,
          {
            action: 'announcement.create',
            targetType: 'announcement',
            targetId: String(row.id),
            after: created,
          },
          tx,
        );
        return created;
      });
    },

    /**
     * The announcement's new version. Its group stays; `publishedAt` and `expiresAt` left out keep theirs
     * (`expiresAt: null` clears it). Unknown: 404.
     */
    async update(actor: AuditActor, id: number, request: SaveAnnouncement): Promise<AdminAnnouncement> {
      return db.transaction(async (tx) => {
        const current = await announcements.lockAnnouncement(merchantCode, id, tx);
        if (!current) throw ANNOUNCEMENT_NOT_FOUND();
        const publishedAt =
          request.publishedAt === undefined ? current.publishedAt : new Date(request.publishedAt);
        const expiresAt =
          request.expiresAt === undefined
            ? current.expiresAt
            : request.expiresAt === null
              ? null
              : new Date(request.expiresAt);
        checkPeriod(publishedAt, expiresAt);
        const row = await announcements.updateAnnouncement(
          id,
          {
            type: request.type,
            title: localized(request.title),
            content: localized(request.content),
            popular: request.popular,
            active: request.active,
            publishedAt,
            expiresAt,
          },
          tx,
        );
        const updated = adminAnnouncementOf(row);
        await audit.record(
          actor,
          {
            action: 'announcement.update',
            targetType: 'announcement',
            targetId: String(id),
            before: adminAnnouncementOf(current),
            after: updated,
          },
          tx,
        );
        return updated;
      });
    },
  };
}

export type AnnouncementAdmin = ReturnType<typeof createAnnouncementAdmin>;
