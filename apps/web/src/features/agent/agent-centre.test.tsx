import {
  addDays,
  agentDate,
  agentsCalls,
  type AgentApplication,
  type AgentStatement,
} from '@kl/contracts/agents';
import { ERROR_MESSAGES } from '@kl/contracts/error-messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { callsTo, failure, on, type FakeRequest } from '../../test/fake-api.ts';
import { openAsMember } from '../../test/member-session.ts';
import { findScreen, renderApp } from '../../test/render-app.tsx';
import { fakeContract } from './testing/fake-agent.ts';
import {
  answerCentre,
  centrePage,
  centreServer,
  fakeApplication,
  fakeFigures,
  fakeInfo,
  fakeLink,
  type CentreServer,
} from './testing/fake-centre.ts';

const c = en.agentCentre;
const PATH = '/m/agent?lang=en';
const vnd = (amount: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'VND' }).format(amount);
/** Taps inside sheets, which take them during their opening animation too. */
const tap = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

// The screen's chunk is loaded once before the tests, so that each waits for its data, not for the code.
beforeAll(async () => {
  await import('./components/centre/agent-centre-screen.tsx');
}, 30_000);

async function openCentre(options: Partial<CentreServer> = {}) {
  const server = centreServer(options);
  answerCentre(server);
  const view = await openAsMember(PATH, { type: 0 });
  return { ...view, server };
}

const openTab = async (name: string) => {
  await tap.click(await screen.findByRole('tab', { name }));
  expect(screen.getByRole('tab', { name, selected: true })).toBeInTheDocument();
  return screen.getByRole('tabpanel');
};

/** The last request of a call, once it has been made with the given query parameters. */
const requested = (entry: Parameters<typeof callsTo>[0], expected: Record<string, string>) =>
  waitFor(() => {
    const last: FakeRequest | undefined = callsTo(entry).at(-1);
    expect(last?.query).toMatchObject(expected);
    return last!;
  });

describe('/m/agent for visitors and members who are not agents', () => {
  it('asks a visitor to log in or register, under its own titled bar', async () => {
    await renderApp(PATH);
    const page = await findScreen();
    expect(page).toHaveAttribute('data-page', 'agent');
    expect(within(page).getByRole('heading', { level: 1, name: en.route.agent })).toBeInTheDocument();
    expect(within(page).getByRole('button', { name: en.common.back })).toBeInTheDocument();
    expect(within(page).getByText(c.loginPrompt)).toBeInTheDocument();
    expect(within(page).getByRole('link', { name: en.header.login })).toHaveAttribute('href', '/m/login');
    expect(within(page).getByRole('link', { name: en.header.register })).toHaveAttribute(
      'href',
      '/m/register',
    );
  });

  it('sends the application (checked first) and then shows it pending', async () => {
    const { server, user } = await openCentre({ isAgent: false });
    on(agentsCalls.agentApply, ({ body }) => {
      server.application = fakeApplication({ message: body.message, contact: body.contact ?? null });
      return server.application;
    });
    expect(await screen.findByRole('heading', { name: c.become.title })).toBeInTheDocument();
    const message = screen.getByRole('textbox', { name: c.apply.message });
    await user.type(message, 'too short');
    await user.click(screen.getByRole('button', { name: c.apply.submit }));
    expect(await screen.findByText(c.apply.tooShort.replace('{{min}}', '10'))).toBeInTheDocument();
    expect(callsTo(agentsCalls.agentApply)).toHaveLength(0);

    await user.type(message, ' — I run a community of players');
    expect(screen.getByText(`${'too short — I run a community of players'.length}/500`)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: c.apply.contact }), 'Zalo 0901');
    await user.click(screen.getByRole('button', { name: c.apply.submit }));
    const application = await screen.findByTestId('agent-application');
    expect(within(application).getByRole('status')).toHaveTextContent(c.apply.status.pending);
    expect(callsTo(agentsCalls.agentApply).map((request) => request.body)).toEqual([
      { message: 'too short — I run a community of players', contact: 'Zalo 0901' },
    ]);
    expect(screen.queryByRole('button', { name: c.apply.submit })).toBeNull();
  });

  it("shows the server's refusal in the member's language", async () => {
    on(agentsCalls.agentApply, failure('AGENT_APPLICATION_PENDING'));
    const { user } = await openCentre({ isAgent: false });
    await user.type(
      await screen.findByRole('textbox', { name: c.apply.message }),
      'I bring many new players',
    );
    await user.click(screen.getByRole('button', { name: c.apply.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_MESSAGES.en.AGENT_APPLICATION_PENDING);
  });

  it('shows a pending application on arrival, and a refused one with its note and a new form', async () => {
    const pending = await openCentre({ isAgent: false, application: fakeApplication() });
    expect(await screen.findByText(c.apply.status.pending)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: c.apply.message })).toBeNull();
    pending.unmount();

    // The operator refused it meanwhile.
    const refused = { status: 'refused', note: 'Please tell us more', decidedAt: '2030-03-02T08:00:00.000Z' };
    on(agentsCalls.agentApplicationState, {
      isAgent: false,
      application: fakeApplication(refused as Partial<AgentApplication>),
    });
    const { user } = await openCentre({ isAgent: false });
    expect(await screen.findByText(c.apply.status.refused)).toBeInTheDocument();
    expect(screen.getByText('Please tell us more')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: c.apply.again }));
    expect(screen.getByRole('textbox', { name: c.apply.message })).toBeInTheDocument();
  });
});

describe('/m/agent for agents', () => {
  it('overview: KPI of the chosen range, direct and team side by side, and the agent info', async () => {
    const { user } = await openCentre();
    const table = await screen.findByTestId('agent-kpi');
    await requested(agentsCalls.agentKpi, { range: 'today' });
    // Deposits is the 6th figure: 1 000 + 5 direct, 100 000 + 5 team (today).
    const deposits = within(table).getByRole('row', { name: new RegExp(`^${c.figures.deposits}`) });
    expect(deposits).toHaveTextContent(`${vnd(1_005)}${vnd(100_005)}`);
    expect(within(table).getByRole('columnheader', { name: c.kpi.direct })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: c.kpi.team })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: c.kpi.ranges.this_week }));
    await requested(agentsCalls.agentKpi, { range: 'this_week' });
    await waitFor(() =>
      expect(
        within(screen.getByTestId('agent-kpi')).getByRole('row', {
          name: new RegExp(`^${c.figures.deposits}`),
        }),
      ).toHaveTextContent(`${vnd(3_005)}${vnd(300_005)}`),
    );

    await user.click(screen.getByRole('radio', { name: c.kpi.ranges.custom }));
    const from = screen.getByLabelText(c.from);
    await user.clear(from);
    const today = agentDate(new Date());
    await user.type(from, addDays(today, -10));
    await requested(agentsCalls.agentKpi, { range: 'custom', from: addDays(today, -10), to: today });

    const info = screen.getByRole('region', { name: c.info.title });
    expect(
      await within(info).findByText(c.info.levelOf.replace('{{level}}', '1').replace('{{max}}', '3')),
    ).toBeInTheDocument();
    expect(within(info).getByText(c.info.topAgent)).toBeInTheDocument();
    expect(within(info).getByText('40')).toBeInTheDocument();
  });

  it('downline: pages one after another; a row opens the member in a named sheet', async () => {
    const { server } = await openCentre();
    const period = { deposits: 11_000, withdrawals: 2_000, turnover: 33_000, ggr: -4_000, bonuses: 500 };
    on(agentsCalls.agentDownlineMember, ({ params }) => ({
      ...server.downline.find((row) => row.memberId === params.memberId)!,
      ...{ vipLevel: 3, firstDepositAt: '2030-02-02T08:00:00.000Z', via: ['su***b'] },
      ...{ thisMonth: period, allTime: { ...period, deposits: 99_000 } },
    }));
    const panel = await openTab(c.tabs.downline);
    expect(await within(panel).findAllByTestId('downline-row')).toHaveLength(20);
    await requested(agentsCalls.agentDownline, {
      scope: 'direct',
      kind: 'all',
      sort: 'registeredAt',
      order: 'desc',
      pageNo: '1',
    });
    await tap.click(within(panel).getByRole('button', { name: c.loadMore }));
    await waitFor(() => expect(within(panel).getAllByTestId('downline-row')).toHaveLength(25));
    await requested(agentsCalls.agentDownline, { pageNo: '2' });
    expect(within(panel).queryByRole('button', { name: c.loadMore })).toBeNull();

    await tap.click(within(within(panel).getAllByTestId('downline-row')[1]!).getByRole('button'));
    const sheet = await screen.findByRole('dialog', {
      name: c.downline.detailTitle.replace('{{username}}', 'pl***2'),
    });
    expect(await within(sheet).findByText('VIP 3')).toBeInTheDocument();
    expect(within(sheet).getByText('su***b')).toBeInTheDocument();
    expect(within(sheet).getByRole('row', { name: new RegExp(`^${c.figures.deposits}`) })).toHaveTextContent(
      `${vnd(11_000)}${vnd(99_000)}`,
    );
    expect(callsTo(agentsCalls.agentDownlineMember).at(-1)?.params).toEqual({
      memberId: '00000000-0000-4000-8000-000000000002',
    });
  });

  it('downline: scope, kind, registration date, sort, order and the username search reach the request', async () => {
    const { user, server } = await openCentre();
    // The server's search by username: pl***2 and pl***20 to pl***25.
    on(agentsCalls.agentDownline, ({ query }) =>
      centrePage(
        server.downline.filter((row) => !query.username || row.username.includes(query.username)),
        query,
      ),
    );
    const panel = await openTab(c.tabs.downline);
    await within(panel).findAllByTestId('downline-row');
    await tap.click(within(panel).getByRole('radio', { name: c.downline.scopes.team }));
    await tap.click(within(panel).getByRole('radio', { name: c.downline.kinds.agent }));
    await user.selectOptions(within(panel).getByLabelText(c.downline.sort), c.downline.sorts.turnover);
    await user.selectOptions(within(panel).getByLabelText(c.downline.order), c.downline.orders.asc);
    fireEvent.change(within(panel).getByLabelText(c.downline.registeredFrom), {
      target: { value: '2030-01-01' },
    });
    fireEvent.change(within(panel).getByRole('searchbox', { name: c.downline.search }), {
      target: { value: 'pl***2' },
    });
    await requested(agentsCalls.agentDownline, {
      scope: 'team',
      kind: 'agent',
      sort: 'turnover',
      order: 'asc',
      registeredFrom: '2030-01-01',
      username: 'pl***2',
      pageNo: '1',
    });
    await waitFor(() => expect(within(panel).getAllByTestId('downline-row')).toHaveLength(7));
  });

  it('downline: says so when no one matches', async () => {
    await openCentre({ downline: [] });
    const panel = await openTab(c.tabs.downline);
    expect(await within(panel).findByText(c.downline.empty)).toBeInTheDocument();
  });

  it('reports: the last 7 days by day at first, a chart with its text, the table and the CSV link', async () => {
    const figures = (turnover: number, ggr: number) => ({ ...fakeFigures(0), turnover, ggr });
    on(agentsCalls.agentTeamReport, ({ query: { by = 'day', from = '', to = '' } }) => ({
      ...{ by: by as 'day', from, to, currency: 'VND', totals: figures(8_000_000, 250_000) },
      rows: [
        { period: from, from, to: from, figures: figures(5_000_000, 400_000) },
        { period: to, from: to, to, figures: figures(3_000_000, -150_000) },
      ],
    }));
    const { user } = await openCentre();
    const panel = await openTab(c.tabs.reports);
    const today = agentDate(new Date());
    const from = addDays(today, -6);
    await requested(agentsCalls.agentTeamReport, { by: 'day', from, to: today });
    const chart = await within(panel).findByRole('img', { name: new RegExp(vnd(8_000_000)) });
    expect(chart.querySelectorAll('rect')).toHaveLength(4);
    expect(within(panel).getByTestId('report-table')).toHaveTextContent(vnd(5_000_000));
    expect(within(panel).getByRole('link', { name: c.reports.csv })).toHaveAttribute(
      'href',
      `/api/agents/reports/csv?by=day&from=${from}&to=${today}&lang=en`,
    );
    expect(within(panel).getByRole('link', { name: c.reports.csv })).toHaveAttribute('download');

    await user.click(within(panel).getByRole('radio', { name: c.reports.groupings.week }));
    await requested(agentsCalls.agentTeamReport, { by: 'week' });
    expect(within(panel).getByRole('link', { name: c.reports.csv })).toHaveAttribute(
      'href',
      `/api/agents/reports/csv?by=week&from=${from}&to=${today}&lang=en`,
    );
  });

  it('links: creates a sub-agent link with a campaign, shows its QR code and switches a link off', async () => {
    const { user, server } = await openCentre({ links: [fakeLink('K7AB', { clicks: 9, registrations: 3 })] });
    on(agentsCalls.agentCreateLink, ({ body }) => {
      const link = fakeLink('NEW2', { kind: body.kind, campaign: body.campaign ?? null });
      server.links = [link, ...server.links];
      return link;
    });
    on(agentsCalls.agentUpdateLink, ({ params, body }) => {
      server.links = server.links.map((link) => (link.code === params.code ? { ...link, ...body } : link));
      return server.links.find((link) => link.code === params.code)!;
    });
    const panel = await openTab(c.tabs.links);
    const first = await within(panel).findByTestId('agent-link');
    expect(
      within(first).getByRole('img', { name: c.links.qrAlt.replace('{{code}}', 'K7AB') }),
    ).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    expect(within(first).getByText('https://kimlong.test/m/register?agent=K7AB')).toBeInTheDocument();

    await user.type(within(panel).getByLabelText(c.links.campaign), 'Summer');
    await user.selectOptions(within(panel).getByLabelText(c.links.kind), c.links.kinds.agent);
    await user.click(within(panel).getByRole('button', { name: c.links.createSubmit }));
    await waitFor(() => expect(within(panel).getAllByTestId('agent-link')).toHaveLength(2));
    expect(callsTo(agentsCalls.agentCreateLink).map((request) => request.body)).toEqual([
      { kind: 'agent', campaign: 'Summer' },
    ]);
    expect(within(panel).getByText('Summer')).toBeInTheDocument();

    const toggle = within(panel).getByRole('switch', { name: c.links.activeOf.replace('{{code}}', 'K7AB') });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(callsTo(agentsCalls.agentUpdateLink).map((request) => [request.params, request.body])).toEqual([
      [{ code: 'K7AB' }, { active: false }],
    ]);
  });

  it('links: only member links when the depth allows no sub-agents', async () => {
    await openCentre({ info: fakeInfo({ canCreateSubAgents: false, level: 3 }) });
    const panel = await openTab(c.tabs.links);
    expect(await within(panel).findByText(c.links.noSubAgents)).toBeInTheDocument();
    expect(within(panel).queryByRole('option', { name: c.links.kinds.agent })).toBeNull();
  });

  it('announcements: the merchant HTML is sanitised', async () => {
    const content = '<p>Bonus <b>x2</b><img src="x" onerror="alert(1)"><script>alert(2)</script></p>';
    const announcement = { id: 1, title: 'Tháng 3 thưởng thêm', content, date: '2030-03-01T08:00:00.000Z' };
    on(agentsCalls.agentAnnouncements, ({ query }) => centrePage([announcement], query));
    await openCentre();
    const panel = await openTab(c.tabs.announcements);
    const item = await within(panel).findByTestId('agent-announcement');
    expect(within(item).getByRole('heading', { name: 'Tháng 3 thưởng thêm' })).toBeInTheDocument();
    expect(item.innerHTML).toContain('<b>x2</b>');
    expect(item.innerHTML).not.toContain('onerror');
    expect(item.querySelector('script')).toBeNull();
  });

  it('contracts: terms in force, the pending offer, the history, statements by kind and a statement', async () => {
    const daily: AgentStatement = {
      ...{ id: '00000000-0000-4000-8000-000000000501', kind: 'salary', period: '2030-03-01' },
      ...{ periodStart: '2030-03-01T16:00:00.000Z', periodEnd: '2030-03-02T16:00:00.000Z', currency: 'VND' },
      ...{ contractId: '00000000-0000-4000-8000-000000000001', amount: 200_000, status: 'paid' },
      basis: {
        ...{ turnover: 12_000_000, activeMembers: 6, tier: 0, percentBp: null },
        ...{ netLoss: null, carriedIn: null, carriedOut: null },
      },
      ...{ createdAt: '2030-03-02T16:05:00.000Z', decidedAt: '2030-03-02T16:05:00.000Z' },
    };
    const statements: AgentStatement[] = [
      daily,
      {
        ...daily,
        ...{ id: '00000000-0000-4000-8000-000000000502', kind: 'dividend', period: '2030-02-H2' },
        amount: 125_000,
        basis: {
          turnover: 9_000_000,
          activeMembers: 8,
          netLoss: 1_000_000,
          carriedIn: -300_000,
          carriedOut: 0,
          tier: 1,
          percentBp: 1250,
        },
      },
    ];
    // The server answers the statements of the kind asked for, and one by its id.
    on(agentsCalls.agentStatements, ({ query }) =>
      centrePage(
        statements.filter((item) => !query.kind || item.kind === query.kind),
        query,
      ),
    );
    on(agentsCalls.agentStatement, ({ params }) => statements.find((item) => item.id === params.id)!);
    on(agentsCalls.agentContracts, {
      contracts: [
        fakeContract('salary', { status: 'pending', id: '00000000-0000-4000-8000-0000000000c2' }),
        fakeContract('salary', { status: 'accepted', answeredAt: '2030-03-01T09:00:00.000Z' }),
      ],
    });
    const { user } = await openCentre();
    const panel = await openTab(c.tabs.contracts);
    const salary = await within(panel).findByTestId('contract-salary');
    expect(within(salary).getByRole('table')).toHaveTextContent(vnd(1_200_000));
    expect(within(salary).getByRole('link', { name: c.contracts.pendingOffer })).toHaveAttribute(
      'href',
      '/m/member/agent/getSalaryContract',
    );
    expect(
      within(within(panel).getByTestId('contract-dividend')).getByText(c.contracts.none),
    ).toBeInTheDocument();
    expect(within(panel).getAllByTestId('contract-history-row')).toHaveLength(2);

    expect(await within(panel).findAllByTestId('statement-row')).toHaveLength(2);
    await user.click(within(panel).getByRole('radio', { name: en.agentContract.kind.dividend }));
    await requested(agentsCalls.agentStatements, { kind: 'dividend' });
    await waitFor(() => expect(within(panel).getAllByTestId('statement-row')).toHaveLength(1));

    await tap.click(within(within(panel).getByTestId('statement-row')).getByRole('button'));
    const sheet = await screen.findByRole('dialog', {
      name: c.statements.detailTitle.replace('{{period}}', '2030-02-H2'),
    });
    const basis = await within(sheet).findByText(c.statements.netLoss);
    expect(basis.parentElement).toHaveTextContent(vnd(1_000_000));
    expect(within(sheet).getByText(c.statements.carriedIn).parentElement).toHaveTextContent(vnd(-300_000));
    expect(within(sheet).getByText(c.statements.share).parentElement).toHaveTextContent('12.5%');
    expect(within(sheet).getByText(c.statements.tier).parentElement).toHaveTextContent('2');
    expect(within(sheet).getByText(c.statements.amount).parentElement).toHaveTextContent(vnd(125_000));
    expect(within(sheet).getByText(c.statements.statuses.paid)).toBeInTheDocument();
  });
});
