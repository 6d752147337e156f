import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import { serveAlsoNext } from '../../../test/fake-server.ts';
import { findScreen, renderApp } from '../../../test/render-app.tsx';
import { createFakePromotions, type FakePromotionsOptions } from './fake-promotions.ts';

/** A session record as the browser keeps it (product.md §3); type 4 is a trial account. */
export const storedSession = (type: number) =>
  JSON.stringify({
    userName: type === 4 ? 'trial0001' : 'player01',
    merchantCode: 'kimlong',
    type,
    firstTimeLogin: false,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  });

/** Opens a page in English with the fake promotions server, as a visitor, member or trial member. */
export async function openWithPromotions(path: string, options: FakePromotionsOptions = {}) {
  const viewer = options.viewer ?? 'member';
  const fake = createFakePromotions({ ...options, viewer });
  serveAlsoNext(fake.handle);
  const storage: Record<string, string> =
    viewer === 'visitor' ? {} : { [SESSION_STORAGE_KEY]: storedSession(viewer === 'trial' ? 4 : 0) };
  const view = await renderApp(path, { storage });
  const page = await findScreen();
  return { ...view, fake, page };
}
