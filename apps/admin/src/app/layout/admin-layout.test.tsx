import { describe, expect, it } from 'vitest';
import {
  on,
  adminCalls,
  answer,
  createDashboard,
  screen,
  within,
  createOperator,
  renderAdmin,
  LANGUAGE_STORAGE_KEY,
  chooseOption,
  findHeading,
  failure,
} from '../../test/kit.ts';

const dashboardRoute = on(adminCalls.adminDashboard, (request) =>
  answer(
    adminCalls.adminDashboard,
    createDashboard({
      period: (request.url.searchParams.get('period') as 'today' | '7d' | '30d') ?? 'today',
    }),
  ),
);

const menuItems = async () => {
  const menu = await screen.findByRole('navigation', { name: /Main menu|Menu chính/ });
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
};

describe('the layout', () => {
  it('shows the owner every area, in English or Vietnamese', async () => {
    const routes = [
      on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator('owner'))),
      dashboardRoute,
    ];
    const { user, unmount } = await renderAdmin('/', { routes, storage: { [LANGUAGE_STORAGE_KEY]: 'en' } });
    expect(await menuItems()).toEqual([
      'Dashboard',
      'Members',
      'Risk',
      'Identity checks',
      'Adjustments',
      'Withdrawals',
      'Money controls',
      'Deposits',
      'Deposit channels',
      'Announcements',
      'Site status',
      'Site settings',
      'Games',
      'Game providers',
      'Lotteries',
      'Lottery draws',
      'Inbox messages',
      'Banners',
      'Help centre',
      'Footer and social links',
      'Live chat',
      'Feedback',
      'Promotions',
      'VIP levels',
      'Free rounds',
      'Reports',
      'Bets',
      'Provider reconciliation',
      'Agents',
      'Operators',
      'Audit log',
    ]);

    // The language switch: the menu, antd's own texts and the stored choice follow.
    await chooseOption(user, 'Language', 'Tiếng Việt');
    expect(await menuItems()).toEqual([
      'Tổng quan',
      'Thành viên',
      'Rủi ro',
      'Xác minh danh tính',
      'Điều chỉnh số dư',
      'Rút tiền',
      'Kiểm soát tiền',
      'Nạp tiền',
      'Kênh nạp tiền',
      'Thông báo',
      'Trạng thái trang',
      'Cài đặt trang',
      'Trò chơi',
      'Nhà cung cấp trò chơi',
      'Loại xổ số',
      'Kỳ quay xổ số',
      'Tin nhắn hộp thư',
      'Banner',
      'Trung tâm trợ giúp',
      'Liên kết chân trang',
      'Chat trực tuyến',
      'Phản hồi',
      'Khuyến mãi',
      'Cấp VIP',
      'Lượt quay miễn phí',
      'Báo cáo',
      'Lịch sử cược',
      'Đối soát nhà cung cấp',
      'Đại lý',
      'Nhân viên',
      'Nhật ký thao tác',
    ]);
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('vi');
    expect(document.documentElement.lang).toBe('vi');
    unmount();
  });

  it('hides the areas a role has no access to, and answers 403 on their routes', async () => {
    const support = createOperator('support', { access: { dashboard: 'read', members: 'read' } });
    await renderAdmin('/operators?lang=en', {
      routes: [on(adminCalls.adminSession, () => answer(adminCalls.adminSession, support)), dashboardRoute],
    });
    expect(await menuItems()).toEqual(['Dashboard', 'Members', 'Risk', 'Identity checks', 'Money controls']);
    expect(await screen.findByText('You do not have permission to open this page.')).toBeVisible();
    expect(screen.getByText('403')).toBeVisible();
    // ?lang=en is remembered.
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it('shows the dashboard figures in thousands-separated money, and a chart of the days', async () => {
    const { user, api } = await renderAdmin('/', {
      routes: [
        on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator('finance'))),
        dashboardRoute,
      ],
      storage: { [LANGUAGE_STORAGE_KEY]: 'vi' },
    });
    await findHeading('Tổng quan');
    expect(await screen.findByText('70.000.000 ₫')).toBeVisible();
    const chart = screen.getByRole('img', { name: 'Doanh thu gộp (GGR) theo ngày' });
    // Intl puts a no-break space before the currency sign.
    const description = document.getElementById(chart.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(description?.replace(/\u00a0/g, ' ')).toBe(
      '01/03: 3.000.000 ₫; 02/03: -1.000.000 ₫; 03/03: 8.000.000 ₫',
    );

    // antd's Segmented takes clicks on its labels (the radio inputs are covered).
    await user.click(screen.getByText('30 ngày'));
    await screen.findByRole('radio', { name: '30 ngày', checked: true });
    expect(
      api.requestsOf(adminCalls.adminDashboard).map((request) => request.url.searchParams.get('period')),
    ).toContain('30d');
  });

  it('goes to sign-in when a call finds the session gone (401), and signs out', async () => {
    const { user, api } = await renderAdmin('/members?lang=en', {
      routes: [
        on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator('risk'))),
        on(adminCalls.adminMembers, () => failure('SESSION_EXPIRED')),
        // The tag filter's vocabulary.
        on(adminCalls.adminMemberTags, () => answer(adminCalls.adminMemberTags, { list: [] })),
      ],
    });
    await findHeading('Back office sign-in');
    expect(window.location.pathname).toBe('/admin/login');

    // Signed in again, the sign-out button ends the session.
    api.use(
      on(adminCalls.adminMembers, () =>
        answer(adminCalls.adminMembers, { list: [], pageNo: 1, pageSize: 20, total: 0 }),
      ),
      on(adminCalls.adminLogin, () =>
        answer(adminCalls.adminLogin, { step: 'signed-in', operator: createOperator('risk') }),
      ),
      on(adminCalls.adminLogout, () => answer(adminCalls.adminLogout, { signedOut: true })),
    );
    await user.type(screen.getByLabelText('Username'), 'risk.one');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    // Back where the session ended.
    await findHeading('Members');
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await findHeading('Back office sign-in');
    expect(api.requestsOf(adminCalls.adminLogout)).toHaveLength(1);
  });
});
