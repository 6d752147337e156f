import type { GameRecords } from '@kl/contracts/game-records';
import { type SandboxSlip, sandboxProviderCalls } from '@kl/contracts/sandbox-provider';
import { expect, SANDBOXES_URL, moveServerClock, t, test, vnd } from './fixtures.ts';
import { depositThroughSandbox, expectProviderLaunch, memberCall, walletBalance } from './member-api.ts';
import { asNewMember } from './members.ts';

/**
 * The sandbox provider's sports book against the real server (docs/decisions/026, 027): a member launches
 * a sports game from the sports category, puts one match's home win on the slip as a single and places it;
 * the match is played when its time comes (the server's clock moved past its end, PUT /api/dev/clock: a
 * site-wide journey), the slip is settled through the seamless wallet, and the balance and the game record
 * agree with the price taken.
 */

const en = (key: string) => t('en', key);
const DEPOSIT = 300_000;
const STAKE = 20_000;
/** Past the end of any match still open: kick-off at most 10 minutes ahead, 5 minutes played. */
const PAST_EVERY_OPEN_MATCH_MS = 17 * 60_000;

test.use({ reducedMotion: 'reduce' });

test('a member places a single on the sports book, and the settled slip pays by its price', async ({
  page,
  navigate,
  expectAccessible,
}) => {
  test.setTimeout(120_000);
  await asNewMember(page, 'ps');
  await depositThroughSandbox(page, DEPOSIT);

  await navigate('/m/sport-games');
  const launched = page.waitForResponse((response) => response.url().endsWith('/api/games/launch'));
  await page
    .getByRole('button', { name: en('games.play').replace('{{name}}', 'Arena Sports'), exact: true })
    .first()
    .click();
  const launch = ((await (await launched).json()) as { value: { url: string } }).value;
  expectProviderLaunch(launch.url, 'sports', '/m/sport-games');
  await expect(page).toHaveURL((url) => url.pathname === '/m/provider/sports');
  await expect(page.getByTestId('provider-balance')).toHaveText(vnd(DEPOSIT));
  const match = page.getByTestId('sports-match').first();
  await expect(match).toBeVisible({ timeout: 15_000 });
  await expectAccessible('sports book');

  // On a 360 px phone every pick is read whole: a team's name, and a handicap's line beside it.
  await page.setViewportSize({ width: 360, height: 780 });
  const cut = await match.getByRole('button').evaluateAll((buttons) =>
    buttons.flatMap((button) => {
      const box = button.getBoundingClientRect();
      return [...button.children]
        .filter((part) => {
          const drawn = part.getBoundingClientRect();
          return part.scrollWidth > part.clientWidth || drawn.left < box.left || drawn.right > box.right;
        })
        .map((part) => part.textContent);
    }),
  );
  expect(cut).toEqual([]);
  const handicap = match.getByRole('group', {
    name: new RegExp(en('providerPlay.sports.markets.handicap').replace(/\{\{line\}\}.*/, '')),
  });
  await expect(handicap.getByRole('button')).toHaveCount(2);
  for (const text of await handicap.getByRole('button').allInnerTexts()) {
    // The pick's first line (team and line, however it wraps), then the price.
    const pick = text.split('\n').slice(0, -1).join(' ');
    expect(pick, 'a handicap pick shows its line').toMatch(/\s[+\-−]?\d+([.,]\d+)?$/);
  }

  // The first match's home win, as a single.
  const home = match.getByRole('group').first().getByRole('button').first();
  await home.click();
  await expect(home).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('slip-kind')).toHaveText(en('providerPlay.sports.single'));
  const slip = page.getByRole('region', { name: en('providerPlay.sports.slip') });
  await slip.getByRole('textbox').fill(String(STAKE));
  const placed = page.waitForResponse((response) =>
    response.url().endsWith(sandboxProviderCalls.sandboxProviderPlaceSlip.path),
  );
  await slip.getByRole('button', { name: en('providerPlay.sports.place') }).click();
  const answer = await placed;
  expect(answer.status(), await answer.text()).toBe(200);
  const { slip: taken } = ((await answer.json()) as { value: { slip: SandboxSlip } }).value;
  expect(taken).toMatchObject({ kind: 'single', stake: STAKE, status: 'open' });
  expect(taken.legs).toHaveLength(1);
  const odds = taken.legs[0]?.oddsBp ?? 0;
  expect(taken.potentialReturn).toBe(Math.floor((STAKE * odds) / 10_000));
  await expect(page.getByTestId('provider-balance')).toHaveText(vnd(DEPOSIT - STAKE));
  const mine = page.getByTestId('my-slip').first();
  await expect(mine.getByTestId('slip-status')).toContainText(en('providerPlay.sports.slipStatus.open'));
  await expectAccessible('sports book with an open slip');

  // The match is played: the slip is settled and paid through the wallet.
  await moveServerClock(page.request, PAST_EVERY_OPEN_MATCH_MS);
  try {
    await expect(mine.getByTestId('slip-status')).toContainText(
      en('providerPlay.sports.slipStatus.settled'),
      {
        timeout: 45_000,
      },
    );
    const slips = await page.request.get(
      `${SANDBOXES_URL}${sandboxProviderCalls.sandboxProviderSlips.path}`,
      {
        headers: {
          authorization: `Bearer ${await page.evaluate(() => {
            const key = Object.keys(sessionStorage).find((name) => name.startsWith('providerSession:'));
            return key
              ? (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { sessionId?: string }).sessionId
              : '';
          })}`,
          'x-module-id': sandboxProviderCalls.sandboxProviderSlips.moduleId,
        },
      },
    );
    expect(slips.status()).toBe(200);
    const settled = ((await slips.json()) as { value: { slips: SandboxSlip[] } }).value.slips.find(
      (item) => item.slipId === taken.slipId,
    );
    // A 1X2 leg is won or lost: a single returns its price or nothing.
    const leg = settled?.legs[0]?.result;
    expect(leg).toMatch(/^(win|loss)$/);
    const returned = leg === 'win' ? taken.potentialReturn : 0;
    expect(settled).toMatchObject({ status: 'settled', outcome: leg === 'win' ? 'won' : 'lost', returned });
    await expect(page.getByTestId('provider-balance')).toHaveText(vnd(DEPOSIT - STAKE + returned));
    expect(await walletBalance(page)).toBe(DEPOSIT - STAKE + returned);

    const records = await memberCall<GameRecords>(page.request, 'gameRecords', {
      query: { gameType: 'SPORTS' },
    });
    expect(records.list.find((record) => record.roundId === taken.slipId)).toMatchObject({
      status: 'settled',
      gameName: 'Arena Sports',
      vendorCode: 'sandbox',
      stake: STAKE,
      payout: returned,
    });
    await expectAccessible('sports book with the settled slip');
  } finally {
    await moveServerClock(page.request, 0);
  }
});
