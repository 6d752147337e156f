import multipart from '@fastify/multipart';
import { IMAGE_FORM_FIELD, IMAGE_MAX_BYTES, type ImagePlace, type UploadedImage } from '@kl/contracts/images';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import type { Db } from '../../../platform/db.ts';
import { IMAGE_MULTIPART_LIMITS, type ImageStore, readImageUpload } from '../../images/index.ts';
import type { AuditActor, AuditLog } from '../audit.ts';
import { actorOf, type BackOfficeGuard, GUARD_FAILURES } from '../guard.ts';

/**
 * Uploading a picture (docs/back-office.md, "Pictures, banners and the help centre"): made the size of
 * its place and kept by the image store, with its audit row (`image.upload`) in the same transaction.
 * Multipart parsing is registered in this plugin only, so no other back-office call takes a form.
 */
export function createImageUploads(deps: { db: Db; imageStore: ImageStore; audit: AuditLog }) {
  const { db, imageStore, audit } = deps;
  return {
    async upload(actor: AuditActor, bytes: Buffer, place: ImagePlace): Promise<UploadedImage> {
      const prepared = await imageStore.prepare(bytes, place);
      return db.transaction(async (tx) => {
        const { image, created } = await imageStore.save(prepared, actor, tx);
        await audit.record(
          actor,
          {
            action: 'image.upload',
            targetType: 'image',
            targetId: image.id,
            after: { ...image, place, bytes: prepared.data.length, uploadedBytes: bytes.length, created },
          },
          tx,
        );
        return image;
      });
    },
  };
}
export type ImageUploads = ReturnType<typeof createImageUploads>;

export async function registerImageUploadRoutes(
  app: FastifyInstance,
  deps: { guard: BackOfficeGuard; imageUploads: ImageUploads },
): Promise<void> {
  const { guard, imageUploads } = deps;
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: IMAGE_MULTIPART_LIMITS, throwFileSizeLimit: true });
    route(scope, 'adminUploadImage', {
      ...guard.guarded('adminUploadImage'),
      summary: 'Upload a picture (PNG, JPEG or WebP) for a place: kept as WebP of its size',
      description:
        `multipart/form-data with one file part \`${IMAGE_FORM_FIELD}\` of at most ${IMAGE_MAX_BYTES} bytes. ` +
        'The type is read from the bytes (415 PICTURE_TYPE_NOT_ALLOWED), the picture decoded (400 ' +
        'PICTURE_NOT_DECODABLE), turned upright and made the size of `place` (cover cuts it to the ' +
        "place's aspect, contain fits it whole). The answer's url is its content-addressed address. " +
        'Audited as image.upload.',
      failures: [
        ...GUARD_FAILURES,
        'IMAGE_TOO_LARGE',
        'PICTURE_TYPE_NOT_ALLOWED',
        'PICTURE_NOT_DECODABLE',
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      handler: async (request) => {
        const bytes = await readImageUpload(request);
        return imageUploads.upload(actorOf(request), bytes, request.query.place);
      },
    });
  });
}
