import { randomUUID } from 'node:crypto';
import type {
  AdminSiteLink,
  AdminSiteLinkList,
  reorderSiteLinksRequest,
  saveSiteLinkRequest,
} from '@kl/contracts/admin/site-links';
import { SOCIAL_LINK_TYPES } from '@kl/contracts/content';
import type { z } from 'zod';
import type { ChangeFeed } from '../../../platform/change-feed.ts';
import type { Db } from '../../../platform/db.ts';
import { DomainError } from '../../../platform/errors.ts';
import { createLinkRepository, type SiteLinkRow, siteLinkPictureUrl } from '../../content/index.ts';
import type { AuditActor, AuditLog } from '../audit.ts';
import { localized } from '../localized.ts';
import { namesEachOnce } from '../order.ts';

/**
 * The footer's partner logos and badges and the social links in the back office (docs/back-office.md,
 * "Footer and social links"): every link by kind, a new one (last of its kind), its new version, the order
 * of a kind, and deleting one. The content module's repository writes them and publishes the change, so
 * the players' footer, side menu and service answers change at once. Each change is audited in its
 * transaction (`site_link.create`, `site_link.update`, `site_link.reorder`, `site_link.delete`).
 */

export type SaveSiteLink = z.output<typeof saveSiteLinkRequest>;
export type ReorderSiteLinks = z.output<typeof reorderSiteLinksRequest>;

export function adminSiteLinkOf(row: SiteLinkRow): AdminSiteLink {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    url: row.url,
    socialType: SOCIAL_LINK_TYPES.find((type) => type === row.socialType) ?? null,
    colour: row.colour,
    sortOrder: row.sortOrder,
    pictureUrl: row.kind === 'social' ? null : siteLinkPictureUrl(row),
  };
}

const LINK_NOT_FOUND = () => new DomainError('NOT_FOUND', { reason: 'SITE_LINK_NOT_FOUND' });

export function createSiteLinksAdmin(deps: {
  db: Db;
  merchantCode: string;
  audit: AuditLog;
  /** Where a change of the links is published ('content'; docs/decisions/022-api-caching.md). */
  changes?: Pick<ChangeFeed, 'publish'> | undefined;
}) {
  const { db, merchantCode, audit } = deps;
  const links = createLinkRepository(db, deps.changes);

  const fieldsOf = (request: SaveSiteLink) => ({
    kind: request.kind,
    name: localized(request.name),
    url: request.url,
    socialType: request.socialType,
    colour: request.colour.toLowerCase(),
  });

  return {
    async list(): Promise<AdminSiteLinkList> {
      return { list: (await links.siteLinks(merchantCode)).map(adminSiteLinkOf) };
    },

    async create(actor: AuditActor, request: SaveSiteLink): Promise<AdminSiteLink> {
      return db.transaction(async (tx) => {
        const row = await links.insertSiteLink(
          {
            merchantCode,
            key: `bo-${randomUUID()}`,
            ...fieldsOf(request),
            sortOrder: await links.nextSiteLinkSort(merchantCode, request.kind, tx),
          },
          tx,
        );
        const created = adminSiteLinkOf(row);
        const targetId = String(row.id);
        await audit.record(
          actor,
          { action: 'site_link.create', targetType: 'site_link', targetId, after: created },
          tx,
        );
        return created;
      });
    },

    /** The link's new version; moved to another kind it goes last there. Unknown: 404. */
    async update(actor: AuditActor, id: number, request: SaveSiteLink): Promise<AdminSiteLink> {
      return db.transaction(async (tx) => {
        const current = await links.lockSiteLink(merchantCode, id, tx);
        if (!current) throw LINK_NOT_FOUND();
        const moved = current.kind !== request.kind;
        const row = await links.updateSiteLink(
          id,
          {
            ...fieldsOf(request),
            ...(moved && { sortOrder: await links.nextSiteLinkSort(merchantCode, request.kind, tx) }),
          },
          tx,
        );
        const updated = adminSiteLinkOf(row);
        await audit.record(
          actor,
          {
            action: 'site_link.update',
            targetType: 'site_link',
            targetId: String(id),
            before: adminSiteLinkOf(current),
            after: updated,
          },
          tx,
        );
        return updated;
      });
    },

    /** Deletes a link (the audit keeps it). Unknown: 404. */
    async remove(actor: AuditActor, id: number): Promise<{ deleted: true }> {
      return db.transaction(async (tx) => {
        const current = await links.lockSiteLink(merchantCode, id, tx);
        if (!current) throw LINK_NOT_FOUND();
        await links.deleteSiteLink(merchantCode, id, tx);
        const before = adminSiteLinkOf(current);
        await audit.record(
          actor,
          { action: 'site_link.delete', targetType: 'site_link', targetId: String(id), before },
          tx,
        );
        return { deleted: true as const };
      });
    },

    /**
     * The kind's new order: `ids` must be every link of the kind, each once (400 INVALID_INPUT, reason
     * ORDER_NOT_THE_KIND, otherwise: a list read before another change would drop one).
     */
    async reorder(actor: AuditActor, request: ReorderSiteLinks): Promise<AdminSiteLinkList> {
      return db.transaction(async (tx) => {
        const before = await links.siteLinksOfKind(merchantCode, request.kind, tx);
        if (!namesEachOnce(request.ids, new Set(before.map((row) => row.id)))) {
          throw new DomainError('INVALID_INPUT', { field: 'ids', reason: 'ORDER_NOT_THE_KIND' });
        }
        await links.setSiteLinkOrder(merchantCode, request.ids, tx);
        const after = await links.siteLinksOfKind(merchantCode, request.kind, tx);
        await audit.record(
          actor,
          {
            action: 'site_link.reorder',
            targetType: 'site_link_kind',
            targetId: request.kind,
            before: before.map((row) => row.id),
            after: after.map((row) => row.id),
          },
          tx,
        );
        return { list: (await links.siteLinks(merchantCode, tx)).map(adminSiteLinkOf) };
      });
    },
  };
}

export type SiteLinksAdmin = ReturnType<typeof createSiteLinksAdmin>;
