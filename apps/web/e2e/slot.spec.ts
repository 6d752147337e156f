import { formatMoney } from '@kl/contracts/money';
import type { SlotHistory, SlotSession, SlotSpinResult } from '@kl/contracts/slot';
import { expect, t, test, vnd } from './fixtures.ts';
import { depositThroughSandbox, memberCall } from './member-api.ts';
import { asNewMember } from './members.ts';

/**
 * The in-house provably fair slot against the real server (product.md §2 /m/slotsCenter; §9 INHOUSE → RNG,
 * vendor BGS): a new member deposits through the sandbox gateway, launches an in-house (BGS) slot game from
 * the game list, spins 10 times, and the balance is the start − the bets + the wins of the history; then
 * the member rotates the seed and the verify view recomputes every round in the browser: all verified.
 * Then, in Vietnamese, two titles of different studio machines (docs/decisions/061-slot-studio.md).
 */

const en = (key: string) => t('en', key);
const DEPOSIT = 500_000;
const SPINS = 10;

test.use({ reducedMotion: 'reduce' });

test('a member launches the in-house slot, spins 10 times and verifies every round', async ({
  page,
  navigate,
  expectAccessible,
}) => {
  test.setTimeout(120_000);
  await asNewMember(page, 'sl');
  await depositThroughSandbox(page, DEPOSIT);

  // An in-house (BGS) slot from the game list.
  const listed = page.waitForResponse(
    (response) => response.url().includes('/api/games/search') && response.url().includes('vassalage=BGS'),
  );
  await navigate('/m/gameList?gameType=RNG&vassalage=BGS');
  const games = ((await (await listed).json()) as { value: { games: { gameName: string }[] } }).value.games;
  const name = games[0]?.gameName ?? '';
  expect(name).not.toBe('');
  const opened = page.waitForResponse((response) => response.url().includes('/api/slot/session'));
  await page
    .getByRole('button', { name: t('en', 'games.play').replace('{{name}}', name) })
    .first()
    .click();
  // The studio machine the title opens: its bet is the bet per line × its lines (or bet units).
  const { machine } = ((await (await opened).json()) as { value: SlotSession }).value;
  const units = machine.ways?.betUnits ?? machine.lineCount;

  // The slot opens with the game's own name; the one-time token leaves the address.
  const screen = page.locator('[data-page="slotsCenter"]');
  await expect(screen.getByRole('heading', { name })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/m/slotsCenter' && !url.searchParams.has('launch'));
  await expect(screen.getByTestId('slot-balance')).toHaveText(vnd(DEPOSIT));
  await expectAccessible('slot before spinning');

  // Ten spins at the smallest bet, then one bet level up for the second half.
  const spin = screen.getByRole('button', { name: en('slot.spin'), exact: true });
  const results: SlotSpinResult[] = [];
  for (let index = 0; index < SPINS; index += 1) {
    if (index === SPINS / 2) await screen.getByLabel(en('slot.lineBet')).selectOption('200');
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/slot/spin'));
    await spin.click();
    const answer = await answered;
    expect(answer.status()).toBe(200);
    const result = ((await answer.json()) as { value: SlotSpinResult }).value;
    results.push(result);
    // A round that won free spins shows each of them, with a pause between (slot timing), before the
    // machine takes the next bet: the wait grows with the round.
    await expect(spin).toBeEnabled({ timeout: 5_000 + result.round.spins.length * 1_000 });
    await expect(screen.getByTestId('slot-win')).toBeVisible();
  }
  expect(results.map((result) => result.round.nonce)).toEqual([...Array(SPINS).keys()]);

  // The balance is the start − the bets + the wins, as the history says.
  const history = await memberCall<SlotHistory>(page.request, 'slotHistory', { query: { pageSize: '100' } });
  expect(history.total).toBe(SPINS);
  const bets = history.list.reduce((sum, round) => sum + round.totalBet, 0);
  const wins = history.list.reduce((sum, round) => sum + round.totalWin, 0);
  expect(bets).toBe(5 * 100 * units + 5 * 200 * units);
  const expected = DEPOSIT - bets + wins;
  await expect(screen.getByTestId('slot-balance')).toHaveText(vnd(expected));
  const wallet = await memberCall<{ sumBalance: number }>(page.request, 'wallet');
  expect(wallet.sumBalance).toBe(expected);
  await expect(screen.getByTestId('slot-round')).toHaveCount(SPINS);
  await expectAccessible('slot after ten spins, with the history');

  // Verify: rotate the seed, and every round is recomputed in the browser.
  await screen.getByRole('link', { name: en('slot.verify.title'), exact: true }).click();
  const verify = screen.getByTestId('slot-verify');
  await expect(verify.getByTestId('slot-nonce')).toHaveText(String(SPINS));
  const hash = await verify.getByTestId('slot-seed-hash').textContent();
  await expect(verify.getByTestId('slot-verdict')).toHaveCount(SPINS);
  await expectAccessible('verify view before the seed is revealed');
  await verify.getByRole('button', { name: en('slot.verify.rotate') }).click();
  await expect(verify.getByTestId('slot-revealed')).toBeVisible();
  await expect(verify.getByTestId('slot-nonce')).toHaveText('0');
  await expect(verify.getByTestId('slot-seed-hash')).not.toHaveText(hash ?? '');
  await expect(verify.locator('[data-testid="slot-verdict"][data-verdict="verified"]')).toHaveCount(SPINS, {
    timeout: 15_000,
  });
  await expectAccessible('verify view with every round verified');
});

test('two in-house titles open different machines, each spin moving the balance by its own bet and win', async ({
  page,
  navigate,
  expectAccessible,
}) => {
  test.setTimeout(120_000);
  const vi = (key: string) => t('vi', key);
  const money = (amount: number) => formatMoney(amount, 'VND', 'vi');
  await asNewMember(page, 'sm');
  await depositThroughSandbox(page, DEPOSIT);
  let balance = DEPOSIT;

  const listed = page.waitForResponse(
    (response) => response.url().includes('/api/games/search') && response.url().includes('vassalage=BGS'),
  );
  await navigate('/m/gameList?gameType=RNG&vassalage=BGS', { lang: 'vi' });
  const games = ((await (await listed).json()) as { value: { games: { gameName: string }[] } }).value.games;

  // Titles of the list in turn, until two machines have been played (the studio gives titles its
  // machines in turn, so neighbours seldom share one).
  const played: SlotSession['machine'][] = [];
  for (const { gameName } of games) {
    if (played.length === 2) break;
    if (played.length > 0)
      await navigate('/m/gameList?gameType=RNG&vassalage=BGS', { lang: 'vi', scan: false });
    const opened = page.waitForResponse((response) => response.url().includes('/api/slot/session'));
    await page
      .getByRole('button', { name: vi('games.play').replace('{{name}}', gameName) })
      .first()
      .click();
    const machine = ((await (await opened).json()) as { value: SlotSession }).value.machine;
    const screen = page.locator('[data-page="slotsCenter"]');
    await expect(screen.getByRole('heading', { name: gameName })).toBeVisible();
    if (played.some((seen) => seen.id === machine.id)) continue;
    played.push(machine);

    // Its reels and its paytable, in its own theme.
    await expect(screen.locator(`[data-slot-theme="${machine.theme}"]`)).toBeVisible();
    await expect(screen.locator('[data-testid^="slot-reel-"]')).toHaveCount(machine.reelCount);
    await screen.locator('summary', { hasText: vi('slot.paytable') }).click();
    const info = screen.getByTestId('slot-machine-info');
    await expect(info).toContainText(machine.name);
    await expect(info).toContainText(
      new Intl.NumberFormat('vi', { style: 'percent', maximumFractionDigits: 2 }).format(machine.declaredRtp),
    );
    await expect(screen.getByTestId('slot-balance')).toHaveText(money(balance));
    await expectAccessible(`${machine.name}: its screen and paytable`);

    // Three spins, each moving the balance by exactly its bet and its win.
    const spin = screen.getByRole('button', { name: vi('slot.spin'), exact: true });
    for (let index = 0; index < 3; index += 1) {
      const answered = page.waitForResponse((response) => response.url().endsWith('/api/slot/spin'));
      await spin.click();
      const result = ((await (await answered).json()) as { value: SlotSpinResult }).value;
      expect(result.round.machineId).toBe(machine.id);
      expect(result.round.totalBet).toBe(100 * (machine.ways?.betUnits ?? machine.lineCount));
      expect(result.round.spins[0]?.grid).toHaveLength(machine.reelCount);
      balance += result.round.totalWin - result.round.totalBet;
      expect(result.balance.amount).toBe(balance);
      // Free spins and a cascade's falls are each shown in turn before the machine takes the next bet.
      const shown = result.round.spins.reduce((sum, each) => sum + 1 + (each.cascades?.length ?? 0), 0);
      await expect(spin).toBeEnabled({ timeout: 5_000 + shown * 1_000 });
      await expect(screen.getByTestId('slot-balance')).toHaveText(money(balance));
    }
    await expectAccessible(`${machine.name}: after three spins`);
  }
  expect(played).toHaveLength(2);
  const [first, second] = played;
  expect(first?.id).not.toBe(second?.id);
  // Different mathematics: the reels, the paytable's symbols.
  expect(first?.reels).not.toEqual(second?.reels);
  expect(first?.symbols.map((symbol) => symbol.code)).not.toEqual(
    second?.symbols.map((symbol) => symbol.code),
  );
  const wallet = await memberCall<{ sumBalance: number }>(page.request, 'wallet');
  expect(wallet.sumBalance).toBe(balance);
});
