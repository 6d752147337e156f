import { randomUUID } from 'node:crypto';
import type {
  AdminHelp,
  AdminHelpItem,
  AdminHelpTopic,
  createHelpTopicRequest,
  saveHelpItemRequest,
  saveHelpTopicRequest,
} from '@kl/contracts/admin/help';
import type { z } from 'zod';
import type { ChangeFeed } from '../../../platform/change-feed.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';
import { DomainError } from '../../../platform/errors.ts';
import { createHelpRepository, type HelpItemRow, type HelpTopicRow } from '../../content/index.ts';
import type { AuditActor, AuditLog } from '../audit.ts';
import { localized } from '../localized.ts';

/**
 * The help centre in the back office (docs/back-office.md, "Pictures, banners and the help centre"):
 * topics and their articles, the terms among them (topic `terms`). Contents are kept as written, HTML
 * included (docs/decisions/013-content.md); the site sanitises them when it shows them and the back
 * office's preview does the same. The content module's repository writes them and publishes the change,
 * so the players' help answers change at once. Audited as `help_topic.create`, `help_topic.update`,
 * `help_item.create`, `help_item.update`.
 */

export type CreateHelpTopic = z.output<typeof createHelpTopicRequest>;
export type SaveHelpTopic = z.output<typeof saveHelpTopicRequest>;
export type SaveHelpItem = z.output<typeof saveHelpItemRequest>;

export function adminHelpItemOf(row: HelpItemRow): AdminHelpItem {
  return {
    id: row.id,
    tag: row.tag,
    title: row.title,
    content: row.content,
    devices: row.devices.filter(
      (device): device is 'MOBILE' | 'WEB' => device === 'MOBILE' || device === 'WEB',
    ),
    sortOrder: row.sortOrder,
    active: row.active,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function adminHelpTopicOf(row: HelpTopicRow, items: readonly HelpItemRow[]): AdminHelpTopic {
  const own = items.filter((item) => item.tag === row.tag);
  return {
    tag: row.tag,
    name: row.name,
    sortOrder: row.sortOrder,
    items: own.length,
    activeItems: own.filter((item) => item.active).length,
  };
}

const TOPIC_NOT_FOUND = () => new DomainError('NOT_FOUND', { reason: 'HELP_TOPIC_NOT_FOUND' });
const ITEM_NOT_FOUND = () => new DomainError('NOT_FOUND', { reason: 'HELP_ITEM_NOT_FOUND' });

export function createHelpAdmin(deps: {
  db: Db;
  clock: Clock;
  merchantCode: string;
  audit: AuditLog;
  /** Where a change of the help centre is published ('content'; docs/decisions/022-api-caching.md). */
  changes?: Pick<ChangeFeed, 'publish'> | undefined;
}) {
  const { db, clock, merchantCode, audit } = deps;
  const help = createHelpRepository(db, deps.changes);

  /** An article's topic must exist: 400 INVALID_INPUT (field `tag`) otherwise. */
  async function checkTopic(tag: string, tx: DbOrTx): Promise<void> {
    if (!(await help.lockHelpTopic(merchantCode, tag, tx))) {
      throw new DomainError('INVALID_INPUT', { field: 'tag', reason: 'HELP_TOPIC_NOT_FOUND' });
    }
  }

  const itemFieldsOf = (request: SaveHelpItem) => ({
    tag: request.tag,
    title: localized(request.title),
    content: localized(request.content),
    devices: [...request.devices],
    sortOrder: request.sortOrder,
    active: request.active,
  });

  return {
    /** Every topic (in order) with its counts, and every article (by topic, then order). */
    async list(): Promise<AdminHelp> {
      const [topics, items] = await Promise.all([
        help.helpTopics(merchantCode),
        help.allHelpItems(merchantCode),
      ]);
      return {
        topics: topics.map((topic) => adminHelpTopicOf(topic, items)),
        items: items.map(adminHelpItemOf),
      };
    },

    /** A new topic; a tag the merchant has already is 400 INVALID_INPUT (field `tag`, TAG_TAKEN). */
    async createTopic(actor: AuditActor, request: CreateHelpTopic): Promise<AdminHelpTopic> {
      return db.transaction(async (tx) => {
        const row = await help.insertHelpTopic(
          { merchantCode, tag: request.tag, name: localized(request.name), sortOrder: request.sortOrder },
          tx,
        );
        if (!row) throw new DomainError('INVALID_INPUT', { field: 'tag', reason: 'TAG_TAKEN' });
        const created = adminHelpTopicOf(row, []);
        await audit.record(
          actor,
          { action: 'help_topic.create', targetType: 'help_topic', targetId: row.tag, after: created },
          tx,
        );
        return created;
      });
    },

    async updateTopic(actor: AuditActor, tag: string, request: SaveHelpTopic): Promise<AdminHelpTopic> {
      return db.transaction(async (tx) => {
        const current = await help.lockHelpTopic(merchantCode, tag, tx);
        if (!current) throw TOPIC_NOT_FOUND();
        const row = await help.updateHelpTopic(
          merchantCode,
          tag,
          { name: localized(request.name), sortOrder: request.sortOrder },
          tx,
        );
        const items = (await help.allHelpItems(merchantCode, tx)).filter((item) => item.tag === tag);
        const updated = adminHelpTopicOf(row, items);
        await audit.record(
          actor,
          {
            action: 'help_topic.update',
            targetType: 'help_topic',
            targetId: tag,
            before: { name: current.name, sortOrder: current.sortOrder },
            after: { name: row.name, sortOrder: row.sortOrder },
          },
          tx,
        );
        return updated;
      });
    },

    async createItem(actor: AuditActor, request: SaveHelpItem): Promise<AdminHelpItem> {
      return db.transaction(async (tx) => {
        await checkTopic(request.tag, tx);
        const now = clock();
        const row = await help.insertHelpItem(
          {
            merchantCode,
            key: `bo-${randomUUID()}`,
            ...itemFieldsOf(request),
            createdAt: now,
            updatedAt: now,
          },
          tx,
        );
        const created = adminHelpItemOf(row);
        await audit.record(
          actor,
          { action: 'help_item.create', targetType: 'help_item', targetId: String(row.id), after: created },
          tx,
        );
        return created;
      });
    },

    /** The article's new version (active false takes it off the site). Unknown: 404. */
    async updateItem(actor: AuditActor, id: number, request: SaveHelpItem): Promise<AdminHelpItem> {
      return db.transaction(async (tx) => {
        const current = await help.lockHelpItem(merchantCode, id, tx);
        if (!current) throw ITEM_NOT_FOUND();
        if (request.tag !== current.tag) await checkTopic(request.tag, tx);
        const row = await help.updateHelpItem(id, { ...itemFieldsOf(request), updatedAt: clock() }, tx);
        const updated = adminHelpItemOf(row);
        await audit.record(
          actor,
          {
            action: 'help_item.update',
            targetType: 'help_item',
            targetId: String(id),
            before: adminHelpItemOf(current),
            after: updated,
          },
          tx,
        );
        return updated;
      });
    },
  };
}

export type HelpAdmin = ReturnType<typeof createHelpAdmin>;
