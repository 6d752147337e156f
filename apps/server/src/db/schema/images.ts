import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { operator } from './back-office.ts';
import { at, bytea } from './columns.ts';
import { merchantCode } from './references.ts';

/**
 * Pictures uploaded in the back office (docs/decisions/047-uploaded-pictures.md): the WebP the server
 * made of the upload, kept in the database so that every process behind it serves the same bytes. The id
 * is the digest of the bytes: the same picture uploaded twice is one row, and its address never changes.
 */

export const uploadedImage = pgTable(
  'uploaded_image',
  {
    merchantCode: merchantCode(),
    /** The first 32 hexadecimal digits of the SHA-256 of `data`. */
    id: text('id').notNull(),
    data: bytea('data').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The operator who uploaded it first, and their username then. */
    createdBy: uuid('created_by').references(() => operator.id, { onDelete: 'set null' }),
    createdByUsername: text('created_by_username').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantCode, table.id] }),
    check('uploaded_image_id_check', sql`${table.id} ~ '^[0-9a-f]{32}$'`),
    check('uploaded_image_size_check', sql`${table.width} > 0 and ${table.height} > 0`),
  ],
);

export type UploadedImageRow = typeof uploadedImage.$inferSelect;
export type NewUploadedImageRow = typeof uploadedImage.$inferInsert;
