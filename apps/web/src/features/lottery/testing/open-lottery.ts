import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import { serveAlsoNext } from '../../../test/fake-server.ts';
import { storedSession } from '../../../test/fake-data.ts';
import { findScreen, renderApp } from '../../../test/render-app.tsx';
import { createFakeLottery, type FakeLotteryOptions } from './fake-lottery.ts';

/** Opens `path` in English with the fake lottery server, as a member (or a visitor). */
export async function openLottery(
  path: string,
  { visitor = false, ...options }: FakeLotteryOptions & { visitor?: boolean } = {},
) {
  window.sessionStorage.clear();
  const lottery = createFakeLottery(options);
  serveAlsoNext(lottery.handle);
  const view = await renderApp(path, { storage: visitor ? {} : { [SESSION_STORAGE_KEY]: storedSession() } });
  const page = await findScreen();
  return { ...view, lottery, page };
}
