import type { ApiTable } from '../api-call.ts';
import { uploadedImage, uploadImageQuery } from '../images.ts';
import type { AdminCallRule } from './calls.ts';

/**
 * Uploading a picture in the back office (docs/back-office.md, "Pictures, banners and the help
 * centre"): a multipart form with one file part `file` (IMAGE_FORM_FIELD), made the size of `place`.
 */
export const adminImagesCalls = {
  adminUploadImage: {
    method: 'POST',
    path: '/api/admin/images',
    moduleId: 'ADMIN',
    query: uploadImageQuery,
    response: uploadedImage,
  },
} as const satisfies ApiTable;

export const adminImagesRules: Record<keyof typeof adminImagesCalls, AdminCallRule> = {
  adminUploadImage: { area: 'content', access: 'write' },
};
