import { and, eq } from 'drizzle-orm';
import { type NewUploadedImageRow, uploadedImage } from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';

/** Uploaded pictures (docs/decisions/047-uploaded-pictures.md): kept once per digest, read by id. */
export function createImageRepository(db: Db) {
  return {
    /** Keeps the picture; one already kept under the same digest stays as it is. Answers whether it was new. */
    async insertImage(row: NewUploadedImageRow, tx: DbOrTx = db): Promise<boolean> {
      const inserted = await tx
        .insert(uploadedImage)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: uploadedImage.id });
      return inserted.length > 0;
    },

    async findImage(merchantCode: string, id: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(uploadedImage)
        .where(and(eq(uploadedImage.merchantCode, merchantCode), eq(uploadedImage.id, id)));
      return row;
    },

    /** Its size without its bytes (what a banner checks against its group's place). */
    async imageSize(merchantCode: string, id: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ width: uploadedImage.width, height: uploadedImage.height })
        .from(uploadedImage)
        .where(and(eq(uploadedImage.merchantCode, merchantCode), eq(uploadedImage.id, id)));
      return row;
    },
  };
}

export type ImageRepository = ReturnType<typeof createImageRepository>;
