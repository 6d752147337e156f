import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import type { LotteryOpenDraw } from '@kl/contracts/lottery';
import { storedSession } from '../../../test/fake-data.ts';
import { findScreen, renderApp } from '../../../test/render-app.tsx';
import { answerLottery } from './fake-lottery.ts';

/** Opens `path` with the lottery's answers (ST1 taking bets on `draw`), as a member (or a visitor). */
export async function openLottery(
  path: string,
  { visitor = false, draw }: { visitor?: boolean; draw?: LotteryOpenDraw } = {},
) {
  window.sessionStorage.clear();
  answerLottery(draw);
  const view = await renderApp(path, { storage: visitor ? {} : { [SESSION_STORAGE_KEY]: storedSession() } });
  const page = await findScreen();
  return { ...view, page };
}
