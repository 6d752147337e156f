import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import { serveAlsoNext } from '../../../test/fake-server.ts';
import { findScreen, renderApp } from '../../../test/render-app.tsx';
import { createFakeResponsibleGaming, type FakeResponsibleGamingOptions } from './fake-responsible-gaming.ts';

/** A member's session record as the browser keeps it (product.md §3). */
export const storedMemberSession = (type = 0) =>
  JSON.stringify({
    userName: 'player01',
    merchantCode: 'kimlong',
    type,
    firstTimeLogin: false,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  });

/** Opens `path` (the responsible-gaming screen by default) in English as a member, with the fake calls. */
export async function openResponsibleGaming(
  options: FakeResponsibleGamingOptions & { path?: string; type?: number } = {},
) {
  const { path = '/m/member/responsibleGaming?lang=en', type = 0, ...fakeOptions } = options;
  const fake = createFakeResponsibleGaming(fakeOptions);
  serveAlsoNext(fake.handle);
  const view = await renderApp(path, { storage: { [SESSION_STORAGE_KEY]: storedMemberSession(type) } });
  const page = await findScreen();
  return { ...view, fake, page };
}
