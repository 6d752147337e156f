import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../platform/module.ts';
import { registerImageRoutes } from './routes.ts';
import { createImageStore } from './service.ts';

export {
  createImageStore,
  type ImageStore,
  type ImageUploader,
  type PreparedImage,
  uploadedImageOf,
} from './service.ts';
export { IMAGE_MULTIPART_LIMITS, readImageUpload } from './upload.ts';
export { pictureTypeOf } from './image-type.ts';

/**
 * Pictures uploaded in the back office (docs/decisions/047-uploaded-pictures.md): the store other
 * modules keep and read them with (`createImageStore`, the upload form's reader `readImageUpload`), and
 * the call that serves them to everyone at their content-addressed path.
 */
export function createImagesModule(deps: Pick<ModuleContext, 'db' | 'clock' | 'config'>) {
  const imageStore = createImageStore({ ...deps, merchantCode: deps.config.merchantCode });
  return {
    imageStore,
    async register(api: FastifyInstance): Promise<void> {
      registerImageRoutes(api, { imageStore });
    },
  };
}
