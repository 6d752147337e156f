import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import { serveAlsoNext } from '../../../test/fake-server.ts';
import { findScreen, renderApp } from '../../../test/render-app.tsx';
import { slotTiming } from '../lib/timing.ts';
import { createFakeSlot, type FakeSlotOptions } from './fake-slot.ts';

/** A session record as the browser keeps it (product.md §3); type 4 is a trial account. */
const storedSession = (type: number) =>
  JSON.stringify({
    userName: type === 4 ? 'trial0001' : 'player01',
    merchantCode: 'kimlong',
    type,
    firstTimeLogin: false,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  });

/**
 * Opens `path` (default /m/slotsCenter) in English with the fake slot server, without animations, as a
 * member of `type` (null: a visitor).
 */
export async function openSlot({
  type = 0,
  path = '/m/slotsCenter?lang=en',
  ...options
}: FakeSlotOptions & { type?: number | null; path?: string } = {}) {
  slotTiming.reelMs = 0;
  slotTiming.reelStaggerMs = 0;
  slotTiming.autoPauseMs = 0;
  window.sessionStorage.clear();
  const slot = createFakeSlot({ walletMoney: type === 4 ? 'demo' : 'real', ...options });
  serveAlsoNext(slot.handle);
  const view = await renderApp(path, {
    storage: type === null ? {} : { [SESSION_STORAGE_KEY]: storedSession(type) },
  });
  const page = await findScreen();
  return { ...view, slot, page };
}
