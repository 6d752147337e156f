import { SANDBOX_HUB88_CODE, SANDBOX_HUB88_NAME, sandboxProviderCalls } from '@kl/contracts/sandbox-provider';
import { GAME_CLIENT_TYPE } from '@kl/contracts/games';
import type { SandboxSlotSpinResult } from '@kl/contracts/sandbox-provider';
import type { TurnoverSummary } from '@kl/contracts/wagering';
import type { Browser } from '@playwright/test';
import { FREE_ROUNDS_OWNER } from './constants.ts';
import { BASE_URL, checkAccessibility, expect, t, test, vnd } from './fixtures.ts';
import { memberCall, turnover } from './member-api.ts';
import { asNewMember } from './members.ts';
import { admin, Authenticator, openArea, openDesk, signIn } from './support/admin-desk.ts';

/**
 * Free rounds from the back office to the member's wallet through Hub88's protocol
 * (docs/decisions/065-provider-credits.md, docs/decisions/067-sandbox-hub88.md): an owner grants a new
 * member ten free rounds of a slot the sandbox provider plays as a Hub88 provider; the grant is within the
 * day's room of house money given at once, so it is handed to the provider at once, as a Hub88 reward. The
 * member launches the game (Hub88's `game/url`), the provider's slot shows the ten rounds and plays them
 * without a stake, and each win comes into the wallet as Hub88's free bet and its win, locked by the
 * grant's turnover, which /m/withdraw shows.
 */

const en = (key: string) => t('en', key);
const ROUNDS = 10;
const ROUND_VALUE = 2_000;
const MULTIPLE = 3;

test.use({ reducedMotion: 'reduce' });

/** The vendor whose slots the sandbox provider plays through Hub88's protocol (the demo catalogue's). */
const HUB88_VENDOR = 'NOVA';

/** A slot the sandbox provider plays as a Hub88 provider. */
async function hub88Slot(request: Parameters<typeof memberCall>[0]) {
  const found = await memberCall<{ games: { gameId: string; gameName: string }[] }>(request, 'gameSearch', {
    query: { gameType: 'RNG', vassalage: HUB88_VENDOR, pageSize: '1' },
  });
  const [slot] = found.games;
  if (!slot) throw new Error('the catalogue has no slot of the sandbox Hub88 provider');
  return slot;
}

/** The owner grants the member the free rounds from the back office's Free rounds screen. */
async function ownerGrants(browser: Browser, username: string, gameId: string): Promise<void> {
  const desk = await openDesk(browser, BASE_URL);
  try {
    await signIn(desk, new Authenticator(), FREE_ROUNDS_OWNER);
    await openArea(desk, admin('freeRounds.menu'));
    const { page } = desk;
    await page.getByRole('button', { name: admin('freeRounds.grant') }).click();
    const form = page.getByRole('dialog', { name: admin('freeRounds.grant') });
    await form.getByLabel(admin('freeRounds.username')).fill(username);
    // The provider from the list of enabled ones, with the keyboard: the list opened, down to its option,
    // Enter.
    const provider = form.getByLabel(admin('freeRounds.provider'));
    const wanted = `${SANDBOX_HUB88_NAME} (${SANDBOX_HUB88_CODE})`;
    await provider.focus();
    await provider.press('ArrowDown');
    const active = page.locator('.ant-select-dropdown:visible .ant-select-item-option-active');
    await expect(active).toHaveCount(1);
    for (let step = 0; step < 5 && (await active.getAttribute('title')) !== wanted; step += 1)
      await provider.press('ArrowDown');
    await expect(active).toHaveAttribute('title', wanted);
    await provider.press('Enter');
    await form.getByLabel(admin('freeRounds.gameId')).fill(gameId);
    await form.getByLabel(admin('freeRounds.rounds')).fill(String(ROUNDS));
    await form.getByLabel(admin('freeRounds.roundValue', { currency: 'VND' })).fill(String(ROUND_VALUE));
    await form.getByLabel(admin('freeRounds.turnoverMultiple')).fill(String(MULTIPLE));
    await form.getByLabel(admin('common.reason')).fill('welcome to the slots');
    await checkAccessibility(page, 'back office: grant free rounds');
    await form.getByRole('button', { name: admin('freeRounds.submit') }).click();
    await expect(page.getByText(admin('freeRounds.granted.active'))).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: username });
    await expect(row).toContainText(admin('freeRounds.statuses.active'));
    await checkAccessibility(page, 'back office: free rounds granted');
    expect(desk.errors).toEqual([]);
  } finally {
    await desk.context.close();
  }
}

test('an operator grants ten free rounds; the member plays them and finds the winnings under their turnover', async ({
  page,
  browser,
  navigate,
  expectAccessible,
}) => {
  test.setTimeout(180_000);
  await asNewMember(page, 'fr');
  const { account: username } = await memberCall<{ account: string }>(page.request, 'memberInfo');
  const slot = await hub88Slot(page.request);

  await ownerGrants(browser, username, slot.gameId);

  // The member launches the game: the provider's slot offers the ten rounds in place of a stake.
  const launch = await memberCall<{ url: string }>(page.request, 'launchGame', {
    data: { gameId: slot.gameId, language: 'en', clientType: GAME_CLIENT_TYPE },
  });
  await page.goto(launch.url);
  const free = page.getByRole('region', { name: en('providerPlay.slot.freeRounds.title') });
  await expect(free.getByRole('status')).toHaveText(
    en('providerPlay.slot.freeRounds.left_other').replace('{{count}}', String(ROUNDS)),
  );
  await expectAccessible('sandbox slot: free rounds');

  const wins: number[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const spun = page.waitForResponse((response) =>
      response.url().endsWith(sandboxProviderCalls.sandboxProviderSlotSpin.path),
    );
    await free.getByRole('button', { name: en('providerPlay.slot.freeRounds.play') }).click();
    const answer = await spun;
    expect(answer.status(), await answer.text()).toBe(200);
    const spin = ((await answer.json()) as { value: SandboxSlotSpinResult }).value;
    expect(spin.stake).toBe(0);
    if (spin.returned > 0) wins.push(spin.returned);
    await expect(page.getByTestId('slot-win')).toBeVisible();
  }
  // The rounds are spent: the normal spin is back.
  await expect(free).toHaveCount(0);
  await expect(page.getByRole('button', { name: en('providerPlay.slot.spin'), exact: true })).toBeVisible();

  // The winnings are in the wallet, each win locked until the grant's turnover of it is played.
  const won = wins.reduce((sum, amount) => sum + amount, 0);
  const summary = (await turnover(page)) as unknown as TurnoverSummary;
  expect(summary.available).toBe(won);
  expect(summary.withdrawable).toBe(0);
  await navigate('/m/withdraw');
  const panel = page.getByRole('region', { name: en('wallet.turnover.title') });
  if (won > 0) {
    const name = en('wallet.turnover.freeRounds').replace('{{title}}', slot.gameName);
    const bars = panel.getByRole('progressbar', {
      name: en('wallet.turnover.progressLabel').replace('{{name}}', name),
    });
    await expect(bars).toHaveCount(wins.length);
    const required = await bars.evaluateAll((found) => found.map((bar) => Number(bar.getAttribute('max'))));
    expect(required.sort((a, b) => a - b)).toEqual(
      wins.map((amount) => amount * MULTIPLE).sort((a, b) => a - b),
    );
    await expect(panel.getByTestId('turnover-locked')).toHaveText(vnd(won));
  } else {
    // Ten rounds that won nothing: nothing came in, nothing is locked.
    await expect(panel.getByText(en('wallet.turnover.none'))).toBeVisible();
  }
  await expectAccessible('withdraw: free rounds winnings under turnover');
});
