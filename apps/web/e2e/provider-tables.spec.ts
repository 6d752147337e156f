import type { GameRecords } from '@kl/contracts/game-records';
import {
  type SandboxSession,
  type SandboxTableState,
  sandboxProviderCalls,
} from '@kl/contracts/sandbox-provider';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, SANDBOXES_URL, t, test, vnd } from './fixtures.ts';
import { depositThroughSandbox, expectProviderLaunch, memberCall, walletBalance } from './member-api.ts';
import { asNewMember } from './members.ts';

/**
 * The sandbox game provider's live and card tables against the real server (docs/decisions/026, 027): a
 * member launches a catalogue game, the operator answers the provider's client address with a one-time
 * token, the client opens the provider's session, and the bet and the round's payout go through the
 * seamless wallet over HTTP. The balance and the game record must agree with the table's rules for the
 * outcome the provider revealed.
 */

const en = (key: string) => t('en', key);
const DEPOSIT = 300_000;
/** The chip the table starts with. */
const STAKE = 10_000;

test.use({ reducedMotion: 'reduce' });

/** The provider session the client opened (its id is the bearer of the provider's calls). */
function sessionOpened(page: Page) {
  return page
    .waitForResponse((response) =>
      response.url().endsWith(sandboxProviderCalls.sandboxProviderOpenSession.path),
    )
    .then(async (response) => {
      expect(response.status()).toBe(200);
      return ((await response.json()) as { value: SandboxSession }).value;
    });
}

/** The table as the provider's client sees it. */
async function tableOf(request: APIRequestContext, sessionId: string, game: string) {
  const response = await request.get(
    `${SANDBOXES_URL}${sandboxProviderCalls.sandboxProviderTable.path}?game=${game}`,
    {
      headers: {
        authorization: `Bearer ${sessionId}`,
        'x-module-id': sandboxProviderCalls.sandboxProviderTable.moduleId,
      },
    },
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { value: SandboxTableState }).value;
}

/**
 * Stakes the chip on a spot and places it while the round has time left to take it (waiting for the next
 * round when the current one is about to close), and answers the round the bet was placed in.
 */
async function placeOn(page: Page, spot: string): Promise<string> {
  const countdown = page.getByTestId('provider-countdown');
  await expect
    .poll(async () => Number(await countdown.getAttribute('data-seconds')), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(5);
  await page.getByRole('button', { name: spot, exact: true }).click();
  await expect(page.getByTestId('provider-slip-total')).toContainText(vnd(STAKE));
  const placed = page.waitForResponse((response) =>
    response.url().endsWith(sandboxProviderCalls.sandboxProviderPlaceTableBet.path),
  );
  await page.getByRole('button', { name: en('providerGames.table.place') }).click();
  const answer = await placed;
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { value: { bet: { roundId: string } } }).value.bet.roundId;
}

/** The member's game record of the provider's round, once settled. */
async function settledRecord(page: Page, roundId: string) {
  let found: GameRecords['list'][number] | undefined;
  await expect
    .poll(
      async () => {
        const records = await memberCall<GameRecords>(page.request, 'gameRecords');
        found = records.list.find((record) => record.roundId === roundId);
        return found?.status;
      },
      { timeout: 15_000 },
    )
    .toBe('settled');
  return found;
}

test('a member launches Baccarat A1 from the live category, bets on banker, and is paid by the rules', async ({
  page,
  navigate,
  expectAccessible,
}) => {
  test.setTimeout(120_000);
  await asNewMember(page, 'pb');
  await depositThroughSandbox(page, DEPOSIT);

  await navigate('/m/live-games');
  const launched = page.waitForResponse((response) => response.url().endsWith('/api/games/launch'));
  const opened = sessionOpened(page);
  await page
    .getByRole('button', { name: en('games.play').replace('{{name}}', 'Baccarat A1'), exact: true })
    .first()
    .click();
  const launch = ((await (await launched).json()) as { value: { url: string } }).value;
  expectProviderLaunch(launch.url, 'baccarat', '/m/live-games');
  const session = await opened;
  expect(session).toMatchObject({ balance: DEPOSIT, currency: 'VND', demo: false });
  await expect(page).toHaveURL((url) => url.pathname === '/m/provider/baccarat');
  await expect(page.getByRole('heading', { name: en('providerGames.kinds.baccarat') })).toBeVisible();
  await expect(page.getByTestId('provider-balance')).toHaveText(vnd(DEPOSIT));
  await expectAccessible('baccarat table');

  const roundId = await placeOn(page, en('providerGames.bets.banker'));
  await expect(page.getByTestId('provider-balance')).toHaveText(vnd(DEPOSIT - STAKE));
  await expect(page.getByTestId('provider-my-bet').first()).toHaveAttribute('data-status', 'accepted');

  // The round is dealt and settled at its close; the client shows what the bet returned.
  await expect(page.getByTestId('provider-my-bet').first()).toHaveAttribute('data-status', 'settled', {
    timeout: 45_000,
  });
  const table = await tableOf(page.request, session.sessionId, 'baccarat');
  const round = [table.current, ...table.results].find((item) => item.roundId === roundId);
  const outcome = round?.outcome as { winner: 'player' | 'banker' | 'tie' } | undefined;
  expect(outcome?.winner).toMatch(/^(player|banker|tie)$/);
  expect(round?.fairness.serverSeed).toBeTruthy();
  // Banker pays 0.95:1 (5 % commission); a tie gives the stake back; player loses it.
  const returned =
    outcome?.winner === 'banker' ? STAKE + (STAKE * 95) / 100 : outcome?.winner === 'tie' ? STAKE : 0;
  await expect(page.getByTestId('provider-balance')).toHaveText(vnd(DEPOSIT - STAKE + returned));
  expect(await walletBalance(page)).toBe(DEPOSIT - STAKE + returned);
  await expectAccessible('baccarat table after the round');

  // The member's game records show the provider's round with the same stake and payout.
  const record = await settledRecord(page, roundId);
  expect(record).toMatchObject({
    gameType: 'LIVE',
    gameName: 'Baccarat A1',
    vendorCode: 'sandbox',
    stake: STAKE,
    payout: returned,
    net: returned - STAKE,
  });
});

test('a member plays one round of xóc đĩa on even, and the wallet and records follow the 0.96:1 odds', async ({
  page,
  navigate,
  expectAccessible,
}) => {
  test.setTimeout(120_000);
  await asNewMember(page, 'px');
  await depositThroughSandbox(page, DEPOSIT);

  await navigate('/m/gameList?gameType=PVP');
  const box = page.getByRole('searchbox', { name: en('games.search') });
  await box.fill('Xóc Đĩa');
  await box.press('Enter');
  const play = page
    .getByRole('button', { name: en('games.play').replace('{{name}}', 'Xóc Đĩa'), exact: true })
    .first();
  await expect(play).toBeVisible();
  const opened = sessionOpened(page);
  await play.click();
  const session = await opened;
  await expect(page).toHaveURL((url) => url.pathname === '/m/provider/xoc-dia');
  await expect(page.getByTestId('provider-balance')).toHaveText(vnd(DEPOSIT));
  await expectAccessible('xoc dia table');

  const roundId = await placeOn(page, en('providerGames.bets.chan'));
  await expect(page.getByTestId('provider-balance')).toHaveText(vnd(DEPOSIT - STAKE));
  await expect(page.getByTestId('provider-my-bet').first()).toHaveAttribute('data-status', 'settled', {
    timeout: 45_000,
  });
  const table = await tableOf(page.request, session.sessionId, 'xoc-dia');
  const round = [table.current, ...table.results].find((item) => item.roundId === roundId);
  const outcome = round?.outcome as { reds: number } | undefined;
  expect(outcome?.reds).toBeGreaterThanOrEqual(0);
  // Chẵn (0, 2 or 4 red) pays 0.96:1.
  const returned = (outcome?.reds ?? 1) % 2 === 0 ? STAKE + (STAKE * 96) / 100 : 0;
  await expect(page.getByTestId('provider-balance')).toHaveText(vnd(DEPOSIT - STAKE + returned));
  expect(await walletBalance(page)).toBe(DEPOSIT - STAKE + returned);
  const record = await settledRecord(page, roundId);
  expect(record).toMatchObject({ gameType: 'PVP', gameName: 'Xóc Đĩa', stake: STAKE, payout: returned });
  await expectAccessible('xoc dia table after the round');
});
