import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import type { PromotionDetail } from '@kl/contracts/promotions';
import { storedSession } from '../../../test/fake-data.ts';
import { findScreen, renderApp } from '../../../test/render-app.tsx';
import { answerPromotions } from './fake-promotions.ts';

/** Opens a page in English with the promotions' answers, as a visitor, member or trial member. */
export async function openWithPromotions(
  path: string,
  {
    viewer = 'member',
    promotions,
  }: { viewer?: 'visitor' | 'member' | 'trial'; promotions?: PromotionDetail[] } = {},
) {
  answerPromotions(promotions);
  const storage: Record<string, string> =
    viewer === 'visitor' ? {} : { [SESSION_STORAGE_KEY]: storedSession(viewer === 'trial' ? 4 : 0) };
  const view = await renderApp(path, { storage });
  const page = await findScreen();
  return { ...view, page };
}
