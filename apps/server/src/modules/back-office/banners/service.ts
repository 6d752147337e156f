import { randomUUID } from 'node:crypto';
import {
  type AdminBanner,
  BANNER_IMAGE_PLACE,
  type reorderBannersRequest,
  type saveBannerRequest,
} from '@kl/contracts/admin/banners';
import type { BannerGroup } from '@kl/contracts/content';
import type { z } from 'zod';
import type { ChangeFeed } from '../../../platform/change-feed.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';
import { DomainError } from '../../../platform/errors.ts';
import { bannerPictureUrl, type ContentBannerRow, createBannerRepository } from '../../content/index.ts';
import type { ImageStore } from '../../images/index.ts';
import type { AuditActor, AuditLog } from '../audit.ts';
import { checkPicture } from '../images/picture-check.ts';
import { localized } from '../localized.ts';
import { namesEachOnce } from '../order.ts';

/**
 * Banners in the back office (docs/back-office.md, "Pictures, banners and the help centre"): every
 * banner of a group, a new one (last of its group), its new version, and the order of a group. The
 * content module's repository writes them and publishes the change, so the players' banner answers
 * change at once. Each change is audited in its transaction (`banner.create`, `banner.update`,
 * `banner.reorder`).
 */

export type SaveBanner = z.output<typeof saveBannerRequest>;
export type ReorderBanners = z.output<typeof reorderBannersRequest>;

export function adminBannerOf(row: ContentBannerRow): AdminBanner {
  return {
    id: row.id,
    groupName: row.groupName,
    title: row.title,
    subtitle: row.subtitle,
    motif: row.motif,
    colour: row.colour,
    accent: row.accent,
    imageId: row.imageId,
    pictureUrl: bannerPictureUrl(row, 'vi'),
    linkUrl: row.linkUrl,
    sortOrder: row.sortOrder,
    active: row.active,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
  };
}

const BANNER_NOT_FOUND = () => new DomainError('NOT_FOUND', { reason: 'BANNER_NOT_FOUND' });

export function createBannerAdmin(deps: {
  db: Db;
  clock: Clock;
  merchantCode: string;
  audit: AuditLog;
  imageStore: ImageStore;
  /** Where a change of the banners is published ('content'; docs/decisions/022-api-caching.md). */
  changes?: Pick<ChangeFeed, 'publish'> | undefined;
}) {
  const { db, clock, merchantCode, audit, imageStore } = deps;
  const banners = createBannerRepository(db, deps.changes);

  /** An uploaded picture must be one of the merchant's, made for the group's place (its size). */
  const checkImage = (groupName: BannerGroup, imageId: string | null, tx: DbOrTx) =>
    checkPicture(imageStore, { imageId, place: BANNER_IMAGE_PLACE[groupName], field: 'imageId' }, tx);

  const fieldsOf = (request: SaveBanner) => ({
    groupName: request.groupName,
    title: localized(request.title),
    subtitle: request.subtitle.en
      ? { vi: request.subtitle.vi, en: request.subtitle.en }
      : { vi: request.subtitle.vi },
    motif: request.motif,
    colour: request.colour.toLowerCase(),
    accent: request.accent.toLowerCase(),
    imageId: request.imageId,
    linkUrl: request.linkUrl === '' ? null : request.linkUrl,
    active: request.active,
    startsAt: request.startsAt === null ? null : new Date(request.startsAt),
    endsAt: request.endsAt === null ? null : new Date(request.endsAt),
  });

  return {
    async list(groupName: BannerGroup) {
      const rows = await banners.bannersOfGroup(merchantCode, groupName);
      return { list: rows.map(adminBannerOf) };
    },

    async create(actor: AuditActor, request: SaveBanner): Promise<AdminBanner> {
      return db.transaction(async (tx) => {
        await checkImage(request.groupName, request.imageId, tx);
        const now = clock();
        const row = await banners.insertBanner(
          {
            merchantCode,
            key: `bo-${randomUUID()}`,
            ...fieldsOf(request),
            sortOrder: await banners.nextBannerSort(merchantCode, request.groupName, tx),
            createdAt: now,
            updatedAt: now,
          },
          tx,
        );
        const created = adminBannerOf(row);
        await audit.record(
          actor,
          { action: 'banner.create', targetType: 'banner', targetId: String(row.id), after: created },
          tx,
        );
        return created;
      });
    },

    /** The banner's new version; moved to another group it goes last there. Unknown: 404. */
    async update(actor: AuditActor, id: number, request: SaveBanner): Promise<AdminBanner> {
      return db.transaction(async (tx) => {
        const current = await banners.lockBanner(merchantCode, id, tx);
        if (!current) throw BANNER_NOT_FOUND();
        await checkImage(request.groupName, request.imageId, tx);
        const moved = current.groupName !== request.groupName;
        const row = await banners.updateBanner(
          id,
          {
            ...fieldsOf(request),
            ...(moved && { sortOrder: await banners.nextBannerSort(merchantCode, request.groupName, tx) }),
            updatedAt: clock(),
          },
          tx,
        );
        const updated = adminBannerOf(row);
        await audit.record(
          actor,
          {
            action: 'banner.update',
            targetType: 'banner',
            targetId: String(id),
            before: adminBannerOf(current),
            after: updated,
          },
          tx,
        );
        return updated;
      });
    },

    /**
     * The group's new order: `ids` must be every banner of the group, each once (400 INVALID_INPUT,
     * reason ORDER_NOT_THE_GROUP, otherwise: a list read before another change would drop it).
     */
    async reorder(actor: AuditActor, request: ReorderBanners) {
      return db.transaction(async (tx) => {
        const before = await banners.bannersOfGroup(merchantCode, request.groupName, tx);
        const known = new Set(before.map((row) => row.id));
        if (!namesEachOnce(request.ids, known)) {
          throw new DomainError('INVALID_INPUT', { field: 'ids', reason: 'ORDER_NOT_THE_GROUP' });
        }
        await banners.setBannerOrder(merchantCode, request.ids, clock(), tx);
        const after = await banners.bannersOfGroup(merchantCode, request.groupName, tx);
        await audit.record(
          actor,
          {
            action: 'banner.reorder',
            targetType: 'banner_group',
            targetId: request.groupName,
            before: before.map((row) => row.id),
            after: after.map((row) => row.id),
          },
          tx,
        );
        return { list: after.map(adminBannerOf) };
      });
    },
  };
}

export type BannerAdmin = ReturnType<typeof createBannerAdmin>;
