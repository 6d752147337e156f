import type { APIRequestContext, Page } from '@playwright/test';
import type { adminCalls } from '@kl/contracts/admin/calls';
import {
  addDays,
  agentDate,
  agentDayStart,
  type AgentLink,
  maskUsername,
  type SettleResult,
} from '@kl/contracts/agents';
import { totpCode, totpStep } from '../../server/src/platform/totp.ts';
import { AGENTS_APPROVER, AGENTS_OWNER } from './constants.ts';
import { BASE_URL, expect, moveServerClock, t, test, vnd } from './fixtures.ts';
import { depositThroughSandbox, memberCall, walletBalance } from './member-api.ts';
import { asNewMember, MEMBER_PASSWORD } from './members.ts';
import { adminApi, firstOperatorSession } from './operator-api.ts';

/**
 * The agent centre against the real server (docs/agents.md): an operator makes a member an agent and
 * offers a daily salary, which a second operator approves and the agent accepts; the agent makes a link in
 * the agent centre; a visitor registers through it and appears in the downline; the new member deposits and
 * plays the in-house slot, and the agent's KPI shows the deposit and the turnover. The day is then closed
 * (the server's development clock, DEV_CLOCK, moves past midnight GMT+8) and settled twice by the operator:
 * the salary of the tier reached is paid into the agent's wallet once, and the agent's statement shows it.
 */

const en = (key: string, values: Record<string, string> = {}) =>
  t('en', key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

const SALARY = 88_000;
const DEPOSIT = 300_000;

/** One back-office call with the operator's cookie; expects 200 and answers the envelope's value. */
const adminCall = <T>(request: APIRequestContext, name: keyof typeof adminCalls, data?: unknown) =>
  adminApi<T>(request, name, { data });

let secret: string | undefined;

/** Signs the agents' operator in, enrolling two-factor the first time; `at` is the server's time. */
async function signInOperator(request: APIRequestContext, at: Date): Promise<void> {
  const credentials = { username: AGENTS_OWNER.username, password: AGENTS_OWNER.password };
  const first = await adminCall<{ step: string; secret?: string }>(request, 'adminLogin', credentials);
  if (first.step === 'enrol') secret = first.secret;
  expect(secret, 'the operator enrolled two-factor').toBeTruthy();
  const done = await adminCall<{ step: string }>(request, 'adminLogin', {
    ...credentials,
    code: totpCode(secret ?? '', totpStep(at)),
  });
  expect(done.step).toBe('signed-in');
}

async function openTab(page: Page, key: string) {
  await page
    .getByRole('tablist', { name: en('agentCentre.tabs.label') })
    .getByRole('tab', { name: en(`agentCentre.tabs.${key}`) })
    .click();
}

/** The KPI table's row of a figure. */
const kpiRow = (page: Page, figure: string) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: en(`agentCentre.figures.${figure}`), exact: true }) });

test('a visitor joins an agent through its link, plays, and the day pays the agent once', async ({
  page,
  browser,
  playwright,
  navigate,
  expectAccessible,
}) => {
  test.setTimeout(180_000);
  const operator = await playwright.request.newContext();
  try {
    // The operator makes a new member an agent and offers a daily salary; the agent accepts it.
    const agent = (await asNewMember(page, 'ag')) as { userName: string };
    await signInOperator(operator, new Date());
    await adminCall(operator, 'adminMakeAgent', { username: agent.userName });
    const proposal = await adminCall<{ id: string }>(operator, 'adminOfferContract', {
      username: agent.userName,
      kind: 'salary',
      terms: {
        tiers: [
          { minTurnover: 1_000, minActiveMembers: 1, salary: SALARY },
          { minTurnover: 900_000_000, minActiveMembers: 50, salary: 5_000_000 },
        ],
      },
    });
    const approver = await firstOperatorSession(playwright, AGENTS_APPROVER);
    await adminApi(approver, 'adminApproveContract', { params: { contractId: proposal.id } });
    await approver.dispose();
    const offer = await memberCall<{ contract: { id: string } }>(page.request, 'agentContract', {
      query: { kind: 'salary' },
    });
    await memberCall(page.request, 'acceptContract', { data: { contractId: offer.contract.id } });

    // The agent centre: a link for a campaign.
    await navigate('/m/agent');
    await openTab(page, 'links');
    await page.getByLabel(en('agentCentre.links.campaign')).fill('Zalo group');
    await page.getByRole('button', { name: en('agentCentre.links.createSubmit') }).click();
    const linkRow = page.getByTestId('agent-link').filter({ hasText: 'Zalo group' });
    await expect(linkRow).toBeVisible();
    const code = (await linkRow.getAttribute('data-code')) ?? '';
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    await expect(linkRow.getByRole('img', { name: en('agentCentre.links.qrAlt', { code }) })).toBeVisible();
    await expectAccessible('agent centre links');
    const links = await memberCall<{ links: AgentLink[] }>(page.request, 'agentLinks');
    const link = links.links.find((item) => item.code === code);
    expect(link?.url).toContain(`/m/register?agent=${code}`);

    // A visitor follows the link and registers.
    const visitorContext = await browser.newContext({
      baseURL: BASE_URL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'vi-VN',
      serviceWorkers: 'block',
    });
    const visitor = await visitorContext.newPage();
    let captchaId = '';
    visitor.on('response', async (response) => {
      if (new URL(response.url()).pathname !== '/api/captcha' || !response.ok()) return;
      const body = (await response.json().catch(() => null)) as { value?: { captchaId?: string } } | null;
      captchaId = body?.value?.captchaId ?? captchaId;
    });
    await visitor.goto(`/m/register?agent=${code}&lang=en`);
    const dialog = visitor.getByRole('dialog', { name: en('route.register') });
    await expect(
      dialog.getByText(en('auth.agentLink.note', { agent: maskUsername(agent.userName) })),
    ).toBeVisible();
    const username = `jn${Date.now() % 1e9}`.slice(0, 15);
    await dialog.getByLabel(en('auth.fields.username'), { exact: true }).fill(username);
    await dialog.getByLabel(en('auth.fields.password'), { exact: true }).fill(MEMBER_PASSWORD);
    await dialog.getByLabel(en('auth.fields.confirmPassword'), { exact: true }).fill(MEMBER_PASSWORD);
    await dialog.getByRole('checkbox', { name: /18/ }).check();
    await expect.poll(() => captchaId).not.toBe('');
    let answer = '';
    await expect
      .poll(async () => {
        const outbox = await visitor.request.get(`${BASE_URL}/api/dev/outbox?kind=captcha`);
        const entries = ((await outbox.json()) as { value: { to: string; code: string }[] }).value;
        answer = entries.find((entry) => entry.to === captchaId)?.code ?? '';
        return answer;
      })
      .not.toBe('');
    await dialog.getByLabel(en('auth.fields.captcha')).fill(answer);
    await dialog.getByRole('button', { name: en('auth.registerSubmit') }).click();
    await expect(visitor.getByTestId('header-member')).toContainText(username);

    // The new member deposits and plays the in-house slot.
    await depositThroughSandbox(visitor, DEPOSIT);
    for (let spin = 0; spin < 3; spin += 1) {
      await memberCall(visitor.request, 'slotSpin', {
        data: { lineBet: 100, requestKey: crypto.randomUUID() },
      });
    }
    const kpi = await memberCall<{ direct: { deposits: number; turnover: number } }>(
      page.request,
      'agentKpi',
      {
        query: { range: 'today' },
      },
    );
    expect(kpi.direct.deposits).toBe(DEPOSIT);
    expect(kpi.direct.turnover).toBeGreaterThanOrEqual(6_000);

    // The agent sees the member in the downline and the money in the KPI.
    await page.reload();
    await expect(kpiRow(page, 'deposits')).toContainText(vnd(DEPOSIT));
    await expect(kpiRow(page, 'turnover')).toContainText(vnd(kpi.direct.turnover));
    await expectAccessible('agent centre overview');
    await openTab(page, 'downline');
    const masked = maskUsername(username);
    await expect(page.getByText(masked).first()).toBeVisible();
    await expect(page.getByText(username)).toHaveCount(0);
    await expectAccessible('agent centre downline');

    // The day closes (the server's clock moves past midnight GMT+8) and the operator settles it twice.
    const now = new Date();
    const day = agentDate(now);
    const offsetMs = agentDayStart(addDays(day, 1)).getTime() + 60_000 - now.getTime();
    await moveServerClock(operator, offsetMs);
    try {
      const before = await walletBalance(page);
      await signInOperator(operator, new Date(Date.now() + offsetMs));
      const first = await adminCall<SettleResult>(operator, 'adminSettlePeriod', { period: day });
      expect(first.paid).toBeGreaterThanOrEqual(1);
      expect(first.amountPaid).toBeGreaterThanOrEqual(SALARY);
      const again = await adminCall<SettleResult>(operator, 'adminSettlePeriod', { period: day });
      expect(again.paid).toBe(0);
      expect(again.amountPaid).toBe(0);
      expect(again.alreadySettled).toBeGreaterThanOrEqual(first.paid);
      expect(await walletBalance(page)).toBe(before + SALARY);

      // The agent's statement of the day.
      await page.reload();
      await openTab(page, 'contracts');
      const statement = page.getByRole('button', { name: new RegExp(day) }).first();
      await expect(statement).toBeVisible();
      await statement.click();
      const sheet = page.getByRole('dialog', {
        name: en('agentCentre.statements.detailTitle', { period: day }),
      });
      await expect(sheet).toContainText(en('agentCentre.statements.statuses.paid'));
      await expect(sheet).toContainText(vnd(SALARY));
      await expectAccessible('agent statement');
    } finally {
      await moveServerClock(operator, 0);
    }
    await visitorContext.close();
  } finally {
    await operator.dispose();
  }
});
