import {
  BANNER_GROUPS,
  BANNER_MOTIFS,
  HEAD_ICON_COUNT,
  HELP_DEVICES,
  type LocalizedText,
  SITE_LINK_KINDS,
  SOCIAL_LINK_TYPES,
} from '@kl/contracts/content';
import { INBOX_AUDIENCES } from '@kl/contracts/admin/inbox';
import { CONTENT_CODES } from '@kl/contracts/constants';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { member } from './accounts.ts';
import { operator } from './back-office.ts';
import { at, inList } from './columns.ts';
import { uploadedImage } from './images.ts';
import { merchantCode, memberId } from './references.ts';

/**
 * Home content, messages and help (product.md §3 Banner, Announcement, Help item, Content codes): banners,
 * announcements with per-member read flags, the members' inbox, help topics and items, footer and social
 * links, and the members' head icons. Texts written by the merchant are jsonb `{ vi, en? }` kept exactly
 * as written (HTML included; the web app sanitises). `key` names a row the seed made, so that seeding
 * again inserts only what is missing.
 */

const localized = (name: string) => jsonb(name).$type<LocalizedText>();

export { BANNER_MOTIFS, type BannerMotif } from '@kl/contracts/content';

/**
 * A banner of one group (product.md §2 banner carousel); its picture is drawn from the row, or is a
 * picture uploaded in the back office (`image_id`).
 */
export const contentBanner = pgTable(
  'content_banner',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: merchantCode(),
    key: text('key').notNull(),
    groupName: text('group_name', { enum: BANNER_GROUPS }).notNull(),
    title: localized('title').notNull(),
    /** The second line of the picture. */
    subtitle: localized('subtitle').notNull(),
    /** Drawing of the picture: motif and two colours (#rrggbb). */
    motif: text('motif', { enum: BANNER_MOTIFS }).notNull(),
    colour: text('colour').notNull(),
    accent: text('accent').notNull(),
    /** An uploaded picture shown instead of the drawing (docs/decisions/047-uploaded-pictures.md). */
    imageId: text('image_id'),
    /** A site path or an https address; null when the banner links nowhere. */
    linkUrl: text('link_url'),
    sortOrder: integer('sort_order').notNull(),
    active: boolean('active').notNull().default(true),
    startsAt: at('starts_at'),
    endsAt: at('ends_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('content_banner_merchant_key').on(table.merchantCode, table.key),
    index('content_banner_group_sort_idx').on(table.merchantCode, table.groupName, table.sortOrder),
    check('content_banner_group_check', inList(table.groupName, BANNER_GROUPS)),
    check('content_banner_motif_check', inList(table.motif, BANNER_MOTIFS)),
    foreignKey({
      name: 'content_banner_image_fk',
      columns: [table.merchantCode, table.imageId],
      foreignColumns: [uploadedImage.merchantCode, uploadedImage.id],
    }),
  ],
);

/** An announcement (product.md §3): type is a content code (B, PL, PU; A and PR are not shown to players). */
export const announcement = pgTable(
  'announcement',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: merchantCode(),
    key: text('key').notNull(),
    type: text('type').notNull(),
    /** Where it is shown (`notice`, `m_home`…); null for everywhere. */
    groupName: text('group_name'),
    title: localized('title').notNull(),
    content: localized('content').notNull(),
    /** In the marquee (popular announcements). */
    popular: boolean('popular').notNull().default(false),
    active: boolean('active').notNull().default(true),
    publishedAt: at('published_at').notNull(),
    /** Not shown after this time; null for never. */
    expiresAt: at('expires_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('announcement_merchant_key').on(table.merchantCode, table.key),
    index('announcement_merchant_published_idx').on(table.merchantCode, table.publishedAt),
    check('announcement_type_check', inList(table.type, Object.values(CONTENT_CODES))),
  ],
);

/** A member has opened an announcement (product.md §4: marked read on first open). */
export const announcementRead = pgTable(
  'announcement_read',
  {
    memberId: memberId('cascade'),
    announcementId: bigint('announcement_id', { mode: 'number' })
      .notNull()
      .references(() => announcement.id, { onDelete: 'cascade' }),
    readAt: at('read_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.announcementId] })],
);

/** A message of a member's inbox (web mail). Deleting keeps the row with deleted_at set. */
export const inboxMessage = pgTable(
  'inbox_message',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: merchantCode(),
    memberId: memberId('cascade'),
    /** Which welcome message this is; null for other messages. At most one of each per member. */
    welcomeKey: text('welcome_key'),
    title: localized('title').notNull(),
    content: localized('content').notNull(),
    sentAt: at('sent_at').notNull(),
    readAt: at('read_at'),
    deletedAt: at('deleted_at'),
  },
  (table) => [
    uniqueIndex('inbox_message_member_welcome_key')
      .on(table.memberId, table.welcomeKey)
      .where(sql`${table.welcomeKey} is not null`),
    index('inbox_message_member_sent_idx')
      .on(table.memberId, table.sentAt)
      .where(sql`${table.deletedAt} is null`),
    index('inbox_message_member_unread_idx')
      .on(table.memberId)
      .where(sql`${table.deletedAt} is null and ${table.readAt} is null`),
  ],
);

/**
 * A message the back office put in members' inboxes (docs/back-office.md, "Chat, feedback and inbox"): what
 * was sent, to whom and by whom, and how many inboxes received it (one inbox_message row each).
 */
export const inboxSend = pgTable(
  'inbox_send',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: merchantCode(),
    title: localized('title').notNull(),
    content: localized('content').notNull(),
    audience: text('audience', { enum: INBOX_AUDIENCES }).notNull(),
    /** The level of a `vip` send. */
    vipLevel: integer('vip_level'),
    /** The member of a `member` send, and their username then. */
    memberId: uuid('member_id').references(() => member.id, { onDelete: 'set null' }),
    memberUsername: text('member_username'),
    recipients: integer('recipients').notNull(),
    operatorId: uuid('operator_id').references(() => operator.id, { onDelete: 'set null' }),
    operatorUsername: text('operator_username').notNull(),
    sentAt: at('sent_at').notNull(),
  },
  (table) => [
    index('inbox_send_merchant_sent_idx').on(table.merchantCode, table.sentAt),
    check('inbox_send_audience_check', inList(table.audience, INBOX_AUDIENCES)),
  ],
);

/** A topic of the help centre (its tag is what `/m/help?tag=` names). */
export const helpTopic = pgTable(
  'help_topic',
  {
    merchantCode: merchantCode(),
    tag: text('tag').notNull(),
    name: localized('name').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (table) => [primaryKey({ columns: [table.merchantCode, table.tag] })],
);

/** An item of the help centre (product.md §3 Help item: title, content, tag). */
export const helpItem = pgTable(
  'help_item',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: text('merchant_code').notNull(),
    key: text('key').notNull(),
    tag: text('tag').notNull(),
    title: localized('title').notNull(),
    /** HTML as written. */
    content: localized('content').notNull(),
    /** Devices it is shown on (MOBILE, WEB). */
    devices: text('devices')
      .array()
      .notNull()
      .default(sql`'{MOBILE,WEB}'::text[]`),
    sortOrder: integer('sort_order').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('help_item_merchant_key').on(table.merchantCode, table.key),
    index('help_item_tag_sort_idx').on(table.merchantCode, table.tag, table.sortOrder),
    foreignKey({
      name: 'help_item_topic_fk',
      columns: [table.merchantCode, table.tag],
      foreignColumns: [helpTopic.merchantCode, helpTopic.tag],
    }),
    check(
      'help_item_devices_check',
      sql`${table.devices} <@ array[${sql.raw(HELP_DEVICES.map((device) => `'${device}'`).join(', '))}]::text[]`,
    ),
  ],
);

/** Partner logos and badges of the footer, social links of the side menu and footer. */
export const siteLink = pgTable(
  'site_link',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: merchantCode(),
    kind: text('kind', { enum: SITE_LINK_KINDS }).notNull(),
    key: text('key').notNull(),
    name: localized('name').notNull(),
    /** Where a tap goes; null when nowhere. */
    url: text('url'),
    /** Facebook, Telegram, Telegram2 for social links; null otherwise. */
    socialType: text('social_type'),
    /** Colour of the generated logo (#rrggbb). */
    colour: text('colour').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (table) => [
    uniqueIndex('site_link_merchant_kind_key').on(table.merchantCode, table.kind, table.key),
    check('site_link_kind_check', inList(table.kind, SITE_LINK_KINDS)),
    check(
      'site_link_social_type_check',
      sql`${table.socialType} is null or ${inList(table.socialType, SOCIAL_LINK_TYPES)}`,
    ),
  ],
);

/** The head icon a member picked (product.md §7 PROFPIC3). */
export const memberHeadIcon = pgTable(
  'member_head_icon',
  {
    memberId: uuid('member_id')
      .primaryKey()
      .references(() => member.id, { onDelete: 'cascade' }),
    headIconId: smallint('head_icon_id').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    check(
      'member_head_icon_id_check',
      sql`${table.headIconId} between 1 and ${sql.raw(String(HEAD_ICON_COUNT))}`,
    ),
  ],
);

export type ContentBannerRow = typeof contentBanner.$inferSelect;
export type NewContentBannerRow = typeof contentBanner.$inferInsert;
export type AnnouncementRow = typeof announcement.$inferSelect;
export type NewAnnouncementRow = typeof announcement.$inferInsert;
export type InboxMessageRow = typeof inboxMessage.$inferSelect;
export type InboxSendRow = typeof inboxSend.$inferSelect;
export type HelpTopicRow = typeof helpTopic.$inferSelect;
export type NewHelpTopicRow = typeof helpTopic.$inferInsert;
export type HelpItemRow = typeof helpItem.$inferSelect;
export type NewHelpItemRow = typeof helpItem.$inferInsert;
export type SiteLinkRow = typeof siteLink.$inferSelect;
export type NewSiteLinkRow = typeof siteLink.$inferInsert;
