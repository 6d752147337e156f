import { CONTRACT_APPROVER, CONTRACT_PROPOSER } from './constants.ts';
import { expect, t, test, vnd } from './fixtures.ts';
import { asNewMember } from './members.ts';
import { adminApi, firstOperatorSession } from './operator-api.ts';

/**
 * Agent contracts against the real server (product.md §2 member/agent screens, §4 home load contract check):
 * a new member is made an agent in the back office ("Make agent") and offered a daily salary contract there,
 * proposed by one operator and approved by another (docs/agents.md, "Offers under four eyes"); home
 * alerts about it, "view" opens the contract, the member accepts it, and home no longer alerts.
 */

const en = (key: string) => t('en', key);

test('an agent offered a daily salary contract is alerted on home, reads it and accepts it', async ({
  page,
  playwright,
  navigate,
  expectAccessible,
}) => {
  // A journey over five screens, each scanned with axe.
  test.setTimeout(90_000);
  const session = (await asNewMember(page, 'ag')) as { userName: string };
  const proposer = await firstOperatorSession(playwright, CONTRACT_PROPOSER);
  const approver = await firstOperatorSession(playwright, CONTRACT_APPROVER);
  try {
    await adminApi(proposer, 'adminMakeAgent', { data: { username: session.userName } });
    const proposal = await adminApi<{ id: string }>(proposer, 'adminOfferContract', {
      data: {
        username: session.userName,
        kind: 'salary',
        terms: {
          tiers: [
            { minTurnover: 10_000_000, minActiveMembers: 5, salary: 200_000 },
            { minTurnover: 50_000_000, minActiveMembers: 10, salary: 1_200_000 },
          ],
        },
      },
    });
    await adminApi(approver, 'adminApproveContract', { params: { contractId: proposal.id } });
  } finally {
    await proposer.dispose();
    await approver.dispose();
  }

  await navigate('/m/home', { scan: false });
  const alert = page.getByRole('dialog').filter({ hasText: en('agentContract.alert.content.salary') });
  await expect(alert).toBeVisible({ timeout: 10_000 });
  await expect(alert).toContainText(en('agentContract.alert.title.salary'));
  await expectAccessible('home with the contract alert');
  await alert.getByRole('button', { name: en('agentContract.alert.view') }).click();

  await expect(page).toHaveURL(/\/m\/member\/agent\/getSalaryContract/);
  const screen = page.locator('[data-page="agentContract"]');
  const table = screen.getByRole('table', { name: en('agentContract.terms.caption') });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(2)).toContainText(vnd(1_200_000));
  await expect(screen.getByRole('status')).toHaveText(en('agentContract.status.pending'));
  await expectAccessible('salary contract waiting for an answer');

  await screen.getByRole('button', { name: en('agentContract.accept') }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: en('agentContract.confirm.acceptTitle') });
  await confirm.getByRole('button', { name: en('agentContract.accept') }).click();
  // The toast saying so is drawn once its chunk has loaded, which may be after the status changes: waited
  // for here, so that the scan below waits for it to go rather than meeting it mid-fade.
  await page
    .locator('.adm-toast-mask')
    .filter({ hasText: en('agentContract.result.accept') })
    .waitFor();
  await expect(screen.getByRole('status')).toHaveText(en('agentContract.status.accepted'));
  await expect(screen.getByRole('button', { name: en('agentContract.accept') })).toHaveCount(0);
  await expectAccessible('salary contract accepted');

  // The other kinds: nothing offered.
  for (const path of ['/m/member/agent/getDevidendContract', '/m/member/agent/getHourContract']) {
    await navigate(path);
    await expect(page.getByTestId('empty-state')).toBeVisible();
  }

  // Home again, after a reload: the check runs and finds nothing waiting.
  const checked = page.waitForResponse((response) =>
    response.url().includes('/api/agent-contracts/requests'),
  );
  await navigate('/m/home');
  const reply = (await (await checked).json()) as { value: Record<string, number> };
  expect(reply.value).toEqual({ dailysalreqtype: 0, divtypecompperiodreq: 0, contracthoursalreq: 0 });
  // The answer is in; two frames later the app has drawn what it decided from it.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
