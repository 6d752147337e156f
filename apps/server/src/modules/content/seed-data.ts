import type { LocalizedText } from '@kl/contracts/content';
import type {
  NewAnnouncementRow,
  NewContentBannerRow,
  NewHelpItemRow,
  NewHelpTopicRow,
  NewSiteLinkRow,
} from '../../db/schema/index.ts';
import type { WelcomeMessage } from './repository.ts';

/**
 * The demo content of the merchant: banners of every group, announcements of every player type, help
 * topics in Vietnamese and English, footer and social links, and the welcome messages of every member.
 * Each row has a `key`, so seeding again inserts only what is missing.
 */

type Seeded<T> = Omit<T, 'merchantCode'>;
const DAY_MS = 24 * 60 * 60 * 1000;

// ——— banners ———

export const BANNERS: readonly Seeded<NewContentBannerRow>[] = [
  {
    key: 'home-first-deposit',
    groupName: 'm_home',
    title: { vi: 'Thưởng nạp đầu 100%', en: '100% first deposit bonus' },
    subtitle: {
      vi: 'Nhận đến 8.888.000 ₫ cho lần nạp đầu tiên',
      en: 'Up to 8,888,000 ₫ on your first deposit',
    },
    motif: 'coins',
    colour: '#b8860b',
    accent: '#c62828',
    linkUrl: '/m/activity',
    sortOrder: 1,
  },
  {
    key: 'home-daily-rebate',
    groupName: 'm_home',
    title: { vi: 'Hoàn trả mỗi ngày 1,5%', en: '1.5% daily rebate' },
    subtitle: {
      vi: 'Không giới hạn, tự động cộng vào ví lúc 12:00',
      en: 'No cap, paid to your wallet at 12:00',
    },
    motif: 'gift',
    colour: '#1f7a8c',
    accent: '#f9a825',
    linkUrl: '/m/activity',
    sortOrder: 2,
  },
  {
    key: 'home-lottery',
    groupName: 'm_home',
    title: { vi: 'Xổ số siêu tốc 1 phút', en: '1-minute express lottery' },
    subtitle: { vi: 'Tỉ lệ trả thưởng 1 ăn 99,5', en: 'Pays 99.5 for 1' },
    motif: 'lottery',
    colour: '#c0392b',
    accent: '#f1c40f',
    linkUrl: '/m/lott',
    sortOrder: 3,
  },
  {
    key: 'home-vip',
    groupName: 'm_home',
    title: { vi: 'Đặc quyền VIP', en: 'VIP privileges' },
    subtitle: { vi: 'Thăng hạng nhận quà, rút tiền ưu tiên', en: 'Level-up gifts and priority withdrawals' },
    motif: 'trophy',
    colour: '#5e35b1',
    accent: '#ffca28',
    linkUrl: '/m/member/benefits',
    sortOrder: 4,
  },
  {
    key: 'live-hosts',
    groupName: 'm_live',
    title: { vi: 'Sòng bài trực tiếp', en: 'Live casino' },
    subtitle: { vi: 'Dealer xinh đẹp, phát sóng 24/7', en: 'Friendly dealers, streaming 24/7' },
    motif: 'live',
    colour: '#8e24aa',
    accent: '#e91e63',
    linkUrl: '/m/live-games',
    sortOrder: 1,
  },
  {
    key: 'live-baccarat',
    groupName: 'm_live',
    title: { vi: 'Baccarat hoàn trả 1%', en: 'Baccarat 1% rebate' },
    subtitle: { vi: 'Áp dụng cho mọi bàn Baccarat trực tiếp', en: 'On every live baccarat table' },
    motif: 'cards',
    colour: '#004d40',
    accent: '#ffb300',
    linkUrl: '/m/live-games',
    sortOrder: 2,
  },
  {
    key: 'popup-app',
    groupName: 'm_popup',
    title: { vi: 'Tải app nhận 58K', en: 'Get the app, get 58K' },
    subtitle: {
      vi: 'Cài ứng dụng Kim Long và đăng nhập lần đầu để nhận thưởng',
      en: 'Install the Kim Long app and log in for the first time to claim',
    },
    motif: 'gift',
    colour: '#d4a017',
    accent: '#b71c1c',
    linkUrl: '/m/app',
    sortOrder: 1,
  },
  {
    key: 'newgame-dragon',
    groupName: 'm_newgame',
    title: { vi: 'Game mới: Rồng Vàng', en: 'New game: Golden Dragon' },
    subtitle: { vi: 'Quay miễn phí x20 khi ra 3 biểu tượng rồng', en: '20 free spins on three dragons' },
    motif: 'dragon',
    colour: '#e65100',
    accent: '#ffd54f',
    linkUrl: '/m/gameList?gameType=RNG&type=new',
    sortOrder: 1,
  },
  {
    key: 'newgame-fishing',
    groupName: 'm_newgame',
    title: { vi: 'Bắn cá Đại Dương', en: 'Ocean fishing' },
    subtitle: { vi: 'Boss mới, thưởng gấp 500 lần', en: 'New boss, pays 500 times' },
    motif: 'coins',
    colour: '#0277bd',
    accent: '#4dd0e1',
    linkUrl: '/m/gameList?gameType=FISH&type=new',
    sortOrder: 2,
  },
  {
    key: 'leftmenu-invite',
    groupName: 'm_leftmenu',
    title: { vi: 'Mời bạn nhận thưởng', en: 'Invite friends' },
    subtitle: { vi: '50.000 ₫ cho mỗi người bạn', en: '50,000 ₫ per friend' },
    motif: 'gift',
    colour: '#2e7d32',
    accent: '#ffeb3b',
    linkUrl: '/m/inviteFriends',
    sortOrder: 1,
  },
  {
    key: 'leftmenu-app',
    groupName: 'm_leftmenu',
    title: { vi: 'Ứng dụng Kim Long', en: 'Kim Long app' },
    subtitle: { vi: 'Mượt hơn, bảo mật hơn', en: 'Smoother and safer' },
    motif: 'trophy',
    colour: '#37474f',
    accent: '#d4a017',
    linkUrl: '/m/app',
    sortOrder: 2,
  },
];

// ——— announcements ———

interface SeededAnnouncement extends Omit<Seeded<NewAnnouncementRow>, 'publishedAt'> {
  /** Published this many days before the seed ran. */
  daysAgo: number;
}

const ANNOUNCEMENT_DATA: readonly SeededAnnouncement[] = [
  {
    key: 'maintenance-weekly',
    type: 'PL',
    groupName: null,
    popular: true,
    daysAgo: 0.2,
    title: { vi: 'Bảo trì định kỳ hằng tuần', en: 'Weekly scheduled maintenance' },
    content: {
      vi: '<p>Kim Long bảo trì hệ thống định kỳ vào <b>03:00 – 05:00 thứ Ba</b> hằng tuần (giờ Việt Nam). Trong thời gian này, nạp tiền, rút tiền và một số trò chơi tạm ngưng. Xin cảm ơn quý khách đã thông cảm!</p>',
      en: '<p>Kim Long runs scheduled maintenance every <b>Tuesday 03:00 – 05:00</b> (Vietnam time). Deposits, withdrawals and some games pause during that window. Thank you for your patience!</p>',
    },
  },
  {
    key: 'first-deposit-100',
    type: 'PL',
    groupName: null,
    popular: true,
    daysAgo: 1,
    title: { vi: 'Khuyến mãi nạp đầu 100%', en: '100% first deposit promotion' },
    content: {
      vi: '<p>Thành viên mới nạp lần đầu từ <b>100.000 ₫</b> được thưởng <b>100%</b>, tối đa <b>8.888.000 ₫</b>. Vòng cược yêu cầu: 15 lần (tiền nạp + thưởng). Xem chi tiết tại mục <a href="/m/activity">Khuyến mãi</a>.</p>',
      en: '<p>New members depositing <b>100,000 ₫</b> or more for the first time get a <b>100%</b> bonus, up to <b>8,888,000 ₫</b>. Turnover: 15 times (deposit + bonus). See <a href="/m/activity">Promotions</a> for details.</p>',
    },
  },
  {
    key: 'phishing-warning',
    type: 'PL',
    groupName: null,
    popular: true,
    daysAgo: 2,
    title: { vi: 'Cảnh báo giả mạo', en: 'Phishing warning' },
    content: {
      vi: '<p>Kim Long <b>không bao giờ</b> yêu cầu quý khách cung cấp mật khẩu hay mã OTP qua điện thoại, Zalo hay Telegram. Chỉ truy cập qua tên miền chính thức <b>kimlong.vn</b> và các tên miền dự phòng được công bố trên trang.</p>',
      en: '<p>Kim Long will <b>never</b> ask for your password or OTP by phone, Zalo or Telegram. Only use the official domain <b>kimlong.vn</b> and the mirror domains listed on the site.</p>',
    },
  },
  {
    key: 'new-deposit-channels',
    type: 'PL',
    groupName: 'notice',
    popular: false,
    daysAgo: 4,
    title: { vi: 'Bổ sung kênh nạp tiền mới', en: 'New deposit channels' },
    content: {
      vi: '<p>Từ hôm nay, quý khách có thể nạp tiền qua <b>mã QR ngân hàng</b> và <b>ví điện tử</b>, tiền vào ví trong 1–3 phút. Xem hướng dẫn tại <a href="/m/help?tag=deposit">Trung tâm trợ giúp</a>.</p>',
      en: '<p>From today you can deposit with <b>bank QR codes</b> and <b>e-wallets</b>; funds arrive in 1–3 minutes. See the <a href="/m/help?tag=deposit">help centre</a>.</p>',
    },
  },
  {
    key: 'slot-tournament',
    type: 'PL',
    groupName: 'notice',
    popular: false,
    daysAgo: 6,
    title: { vi: 'Giải đấu Nổ hũ tháng này', en: 'Slot tournament this month' },
    content: {
      vi: '<p>Tổng giải thưởng <b>500.000.000 ₫</b> cho 100 người chơi có tổng cược nổ hũ cao nhất trong tháng. Bảng xếp hạng cập nhật mỗi giờ.</p>',
      en: '<p>A <b>500,000,000 ₫</b> prize pool for the 100 players with the highest slot turnover this month. The leaderboard updates every hour.</p>',
    },
  },
  {
    key: 'banner-daily-rebate',
    type: 'B',
    groupName: 'm_home',
    popular: false,
    daysAgo: 3,
    title: { vi: 'Hoàn trả mỗi ngày 1,5%', en: '1.5% daily rebate' },
    content: {
      vi: '<p>Hoàn trả không giới hạn cho mọi trò chơi, tự động cộng vào ví lúc 12:00 hằng ngày.</p>',
      en: '<p>Unlimited rebate on every game, paid to your wallet at 12:00 every day.</p>',
    },
  },
  {
    key: 'popup-app-58k',
    type: 'PU',
    groupName: 'm_home',
    popular: false,
    daysAgo: 1.5,
    title: { vi: 'Tải ứng dụng nhận ngay 58K', en: 'Get 58K with the app' },
    content: {
      vi: '<p>Tải ứng dụng Kim Long tại <a href="/m/app">trang tải app</a>, đăng nhập lần đầu và nhận <b>58.000 ₫</b> tiền thưởng (vòng cược 5 lần).</p>',
      en: '<p>Download the Kim Long app from the <a href="/m/app">app page</a>, log in for the first time and get a <b>58,000 ₫</b> bonus (5x turnover).</p>',
    },
  },
  {
    key: 'agent-commission',
    type: 'A',
    groupName: null,
    popular: false,
    daysAgo: 5,
    title: { vi: 'Chính sách hoa hồng đại lý', en: 'Agent commission policy' },
    content: {
      vi: '<p>Hoa hồng đại lý tháng này được tính theo bậc doanh thu ròng, tối đa 55%.</p>',
      en: '<p>Agent commission this month follows the net revenue tiers, up to 55%.</p>',
    },
  },
];

export function announcementsAt(now: Date): Seeded<NewAnnouncementRow>[] {
  return ANNOUNCEMENT_DATA.map(({ daysAgo, ...row }) => ({
    ...row,
    publishedAt: new Date(now.getTime() - Math.round(daysAgo * DAY_MS)),
  }));
}

// ——— help centre ———

export const HELP_TOPICS: readonly Seeded<NewHelpTopicRow>[] = [
  { tag: 'faq', name: { vi: 'Câu hỏi thường gặp', en: 'FAQ' }, sortOrder: 1 },
  { tag: 'deposit', name: { vi: 'Hướng dẫn nạp tiền', en: 'How to deposit' }, sortOrder: 2 },
  { tag: 'withdraw', name: { vi: 'Hướng dẫn rút tiền', en: 'How to withdraw' }, sortOrder: 3 },
  { tag: 'responsible', name: { vi: 'Chơi có trách nhiệm', en: 'Responsible gaming' }, sortOrder: 4 },
  { tag: 'terms', name: { vi: 'Điều khoản và điều kiện', en: 'Terms and conditions' }, sortOrder: 5 },
  { tag: 'privacy', name: { vi: 'Chính sách bảo mật', en: 'Privacy policy' }, sortOrder: 6 },
  { tag: 'about', name: { vi: 'Về chúng tôi', en: 'About us' }, sortOrder: 7 },
];

/**
 * The help item whose content carries markup a sanitiser must remove (a script element and an inline
 * event handler), as content pasted from another editor would. The server keeps it as written; the web
 * app must show it harmless.
 */
export const UNSAFE_HELP_ITEM_KEY = 'faq-account-safety';

export const HELP_ITEMS: readonly Seeded<NewHelpItemRow>[] = [
  {
    key: 'faq-register',
    tag: 'faq',
    sortOrder: 1,
    title: { vi: 'Làm thế nào để đăng ký tài khoản?', en: 'How do I open an account?' },
    content: {
      vi: '<p>Bấm <b>Đăng ký</b> ở góc trên màn hình, chọn đăng ký bằng <b>tên đăng nhập</b> hoặc <b>số điện thoại</b>, điền thông tin và mã xác minh, đánh dấu đồng ý điều khoản rồi bấm <b>Đăng ký</b>.</p><ul><li>Tên đăng nhập gồm 5–15 chữ cái và chữ số.</li><li>Mật khẩu 6–20 ký tự, có cả chữ và số.</li><li>Bạn phải đủ 18 tuổi.</li></ul>',
      en: '<p>Tap <b>Register</b> at the top of the screen, choose a <b>username</b> or your <b>mobile number</b>, fill in the form and the verification code, accept the terms and tap <b>Register</b>.</p><ul><li>Usernames have 5–15 letters and digits.</li><li>Passwords have 6–20 characters with letters and digits.</li><li>You must be 18 or older.</li></ul>',
    },
  },
  {
    key: 'faq-forgot-password',
    tag: 'faq',
    sortOrder: 2,
    title: { vi: 'Tôi quên mật khẩu, phải làm sao?', en: 'I forgot my password' },
    content: {
      vi: '<p>Trên màn hình đăng nhập, bấm <b>Quên mật khẩu</b> và chọn lấy lại bằng <b>email</b> hoặc <b>số điện thoại</b> đã đăng ký. Mã xác minh có hiệu lực trong 5 phút. Nếu không còn dùng email hay số điện thoại cũ, hãy liên hệ <a href="/m/service">chăm sóc khách hàng</a>.</p>',
      en: '<p>On the login screen tap <b>Forgot password</b> and recover it with the <b>e-mail</b> or <b>mobile number</b> you registered. Codes are valid for 5 minutes. If you no longer use them, contact <a href="/m/service">customer service</a>.</p>',
    },
  },
  {
    key: 'faq-trial',
    tag: 'faq',
    sortOrder: 3,
    title: { vi: 'Chơi thử là gì?', en: 'What is free trial?' },
    content: {
      vi: '<p>Tài khoản chơi thử cho phép trải nghiệm trò chơi bằng tiền ảo, không cần đăng ký. Tài khoản chơi thử không nạp, rút tiền hay dùng hộp thư được. Hãy <a href="/m/register">đăng ký</a> để nhận đầy đủ quyền lợi.</p>',
      en: '<p>A trial account lets you try the games with play money, without registering. Trial accounts cannot deposit, withdraw or use the inbox. <a href="/m/register">Register</a> to enjoy everything.</p>',
    },
  },
  {
    key: UNSAFE_HELP_ITEM_KEY,
    tag: 'faq',
    sortOrder: 4,
    title: { vi: 'Mẹo bảo vệ tài khoản', en: 'Keeping your account safe' },
    content: {
      vi: '<p><img src="/api/assets/logo.svg" alt="Kim Long" width="96" onerror="window.__klHelpInjected=true"></p><p>Để bảo vệ tài khoản, quý khách vui lòng:</p><ul><li>Không chia sẻ mật khẩu hay mã OTP với bất kỳ ai, kể cả người tự xưng là nhân viên Kim Long.</li><li>Đặt mật khẩu riêng, không dùng lại mật khẩu của trang khác.</li><li>Đăng xuất khi dùng thiết bị chung.</li></ul><script>window.__klHelpInjected = true;</script><p>Phát hiện giao dịch lạ? Liên hệ ngay <a href="/m/service">chăm sóc khách hàng</a>.</p>',
      en: '<p><img src="/api/assets/logo.svg" alt="Kim Long" width="96" onerror="window.__klHelpInjected=true"></p><p>To keep your account safe, please:</p><ul><li>Never share your password or OTP with anyone, even someone claiming to work for Kim Long.</li><li>Use a password of its own, not one from another site.</li><li>Log out on shared devices.</li></ul><script>window.__klHelpInjected = true;</script><p>Noticed something odd? Contact <a href="/m/service">customer service</a> at once.</p>',
    },
  },
  {
    key: 'deposit-bank',
    tag: 'deposit',
    sortOrder: 1,
    title: { vi: 'Nạp tiền qua chuyển khoản ngân hàng', en: 'Deposit by bank transfer' },
    content: {
      vi: '<ol><li>Đăng nhập và vào <b>Nạp tiền</b>.</li><li>Chọn <b>Chuyển khoản ngân hàng</b> và nhập số tiền (tối thiểu 100.000 ₫).</li><li>Chuyển khoản đúng số tiền tới tài khoản hiển thị, ghi <b>nội dung chuyển khoản</b> chính xác như hướng dẫn.</li><li>Bấm <b>Tôi đã chuyển khoản</b>. Tiền vào ví trong 1–5 phút.</li></ol><p><i>Lưu ý:</i> tài khoản nhận tiền có thể thay đổi, hãy luôn lấy thông tin mới nhất trước mỗi lần nạp.</p>',
      en: '<ol><li>Log in and open <b>Deposit</b>.</li><li>Choose <b>Bank transfer</b> and enter the amount (at least 100,000 ₫).</li><li>Transfer exactly that amount to the account shown, with the <b>transfer note</b> exactly as given.</li><li>Tap <b>I have transferred</b>. Funds arrive in 1–5 minutes.</li></ol><p><i>Note:</i> the receiving account may change; always take the latest details before each deposit.</p>',
    },
  },
  {
    key: 'deposit-ewallet',
    tag: 'deposit',
    sortOrder: 2,
    title: { vi: 'Nạp tiền qua ví điện tử và mã QR', en: 'Deposit by e-wallet and QR code' },
    content: {
      vi: '<p>Chọn <b>Ví điện tử</b> hoặc <b>Quét mã QR</b>, nhập số tiền rồi mở ứng dụng ngân hàng hay ví để quét mã. Mã QR chỉ dùng một lần và hết hạn sau 10 phút.</p>',
      en: '<p>Choose <b>E-wallet</b> or <b>Scan QR</b>, enter the amount, then scan the code with your banking or wallet app. A QR code works once and expires after 10 minutes.</p>',
    },
  },
  {
    key: 'deposit-limits',
    tag: 'deposit',
    sortOrder: 3,
    title: { vi: 'Hạn mức và thời gian xử lý', en: 'Limits and processing times' },
    content: {
      vi: '<table><thead><tr><th>Kênh</th><th>Tối thiểu</th><th>Tối đa</th><th>Thời gian</th></tr></thead><tbody><tr><td>Chuyển khoản</td><td>100.000 ₫</td><td>300.000.000 ₫</td><td>1–5 phút</td></tr><tr><td>Ví điện tử</td><td>50.000 ₫</td><td>20.000.000 ₫</td><td>1–3 phút</td></tr><tr><td>Mã QR</td><td>50.000 ₫</td><td>50.000.000 ₫</td><td>1–3 phút</td></tr></tbody></table>',
      en: '<table><thead><tr><th>Channel</th><th>Minimum</th><th>Maximum</th><th>Time</th></tr></thead><tbody><tr><td>Bank transfer</td><td>100,000 ₫</td><td>300,000,000 ₫</td><td>1–5 minutes</td></tr><tr><td>E-wallet</td><td>50,000 ₫</td><td>20,000,000 ₫</td><td>1–3 minutes</td></tr><tr><td>QR code</td><td>50,000 ₫</td><td>50,000,000 ₫</td><td>1–3 minutes</td></tr></tbody></table>',
    },
  },
  {
    key: 'withdraw-how',
    tag: 'withdraw',
    sortOrder: 1,
    title: { vi: 'Cách rút tiền', en: 'How to withdraw' },
    content: {
      vi: '<ol><li>Vào <b>Rút tiền</b>, thêm tài khoản ngân hàng mang <b>đúng họ tên</b> đã đăng ký.</li><li>Nhập số tiền (tối thiểu 200.000 ₫) và <b>mật khẩu rút tiền</b>.</li><li>Xác nhận. Phần lớn lệnh rút được xử lý trong 3–15 phút.</li></ol>',
      en: '<ol><li>Open <b>Withdraw</b> and add a bank account in <b>the name you registered</b>.</li><li>Enter the amount (at least 200,000 ₫) and your <b>payment password</b>.</li><li>Confirm. Most withdrawals are processed in 3–15 minutes.</li></ol>',
    },
  },
  {
    key: 'withdraw-conditions',
    tag: 'withdraw',
    sortOrder: 2,
    title: { vi: 'Điều kiện rút tiền', en: 'Withdrawal conditions' },
    content: {
      vi: '<ul><li>Hoàn thành vòng cược của tiền nạp (1 lần) và của tiền thưởng khuyến mãi đang tham gia.</li><li>Họ tên chủ tài khoản ngân hàng phải trùng với họ tên đăng ký, viết hoa không dấu.</li><li>Tối đa 10 lần rút mỗi ngày.</li></ul>',
      en: '<ul><li>Meet the turnover of your deposit (1x) and of any promotion you joined.</li><li>The bank account holder must match your registered name, in capitals without diacritics.</li><li>At most 10 withdrawals a day.</li></ul>',
    },
  },
  {
    key: 'responsible-commitment',
    tag: 'responsible',
    sortOrder: 1,
    title: { vi: 'Cam kết chơi có trách nhiệm', en: 'Our commitment' },
    content: {
      vi: '<p>Trò chơi là để giải trí. Chỉ chơi với số tiền bạn có thể để mất, không vay mượn để chơi và đừng cố gỡ lại tiền đã thua. Kim Long không phục vụ người dưới 18 tuổi.</p><p>Dấu hiệu cần dừng lại: chơi lâu hơn dự định, giấu người thân việc chơi, chơi để trốn tránh vấn đề.</p>',
      en: '<p>Games are entertainment. Only play with money you can afford to lose, never borrow to play and do not chase losses. Kim Long does not serve anyone under 18.</p><p>Signs to stop: playing longer than planned, hiding play from family, playing to escape problems.</p>',
    },
  },
  {
    key: 'responsible-limits',
    tag: 'responsible',
    sortOrder: 2,
    title: { vi: 'Giới hạn và tạm khóa tài khoản', en: 'Limits and self-exclusion' },
    content: {
      vi: '<p>Bạn có thể yêu cầu giới hạn số tiền nạp theo ngày, tuần hoặc tháng, hoặc tạm khóa tài khoản từ 7 ngày đến 6 tháng. Liên hệ <a href="/m/service">chăm sóc khách hàng</a>; yêu cầu tạm khóa có hiệu lực ngay và không thể hủy trước hạn.</p>',
      en: '<p>You can ask for a daily, weekly or monthly deposit limit, or exclude yourself for 7 days to 6 months. Contact <a href="/m/service">customer service</a>; a self-exclusion starts at once and cannot be lifted early.</p>',
    },
  },
  {
    key: 'terms-use',
    tag: 'terms',
    sortOrder: 1,
    title: { vi: 'Điều khoản sử dụng', en: 'Terms of use' },
    content: {
      vi: '<h3>1. Chấp nhận điều khoản</h3><p>Khi đăng ký và sử dụng Kim Long, quý khách đồng ý với các điều khoản này.</p><h3>2. Tài khoản</h3><p>Mỗi người chỉ được sở hữu một tài khoản. Thông tin đăng ký phải chính xác; Kim Long có quyền yêu cầu xác minh danh tính.</p><h3>3. Giao dịch</h3><p>Mọi giao dịch nạp, rút được ghi nhận bằng đồng Việt Nam. Kim Long có quyền từ chối giao dịch có dấu hiệu gian lận hoặc rửa tiền.</p><h3>4. Chấm dứt</h3><p>Kim Long có quyền tạm ngưng tài khoản vi phạm điều khoản, sau khi thông báo cho quý khách.</p>',
      en: '<h3>1. Acceptance</h3><p>By registering with and using Kim Long you accept these terms.</p><h3>2. Accounts</h3><p>One account per person. Registration details must be true; Kim Long may ask to verify your identity.</p><h3>3. Transactions</h3><p>Deposits and withdrawals are in Vietnamese đồng. Kim Long may refuse transactions showing signs of fraud or money laundering.</p><h3>4. Termination</h3><p>Kim Long may suspend an account that breaks these terms, after telling its owner.</p>',
    },
  },
  {
    key: 'terms-promotions',
    tag: 'terms',
    sortOrder: 2,
    title: { vi: 'Quy định khuyến mãi chung', en: 'General promotion rules' },
    content: {
      vi: '<ul><li>Mỗi khuyến mãi chỉ áp dụng một lần cho mỗi tài khoản, số điện thoại, địa chỉ IP và thiết bị.</li><li>Tiền thưởng phải đạt đủ vòng cược mới được rút.</li><li>Kim Long có quyền thu hồi tiền thưởng nếu phát hiện lạm dụng khuyến mãi.</li></ul>',
      en: '<ul><li>Each promotion applies once per account, phone number, IP address and device.</li><li>Bonuses can be withdrawn once their turnover is met.</li><li>Kim Long may take back bonuses when a promotion is abused.</li></ul>',
    },
  },
  {
    key: 'privacy-policy',
    tag: 'privacy',
    sortOrder: 1,
    title: { vi: 'Chính sách bảo mật', en: 'Privacy policy' },
    content: {
      vi: '<p>Kim Long thu thập thông tin cần thiết để mở và vận hành tài khoản: tên đăng nhập, số điện thoại, email, họ tên người nhận tiền và lịch sử giao dịch.</p><p>Mật khẩu được lưu dưới dạng băm, không ai đọc được. Chúng tôi không bán hay chia sẻ thông tin cá nhân cho bên thứ ba, trừ khi pháp luật yêu cầu.</p><p>Quý khách có thể yêu cầu xem, sửa hoặc xóa thông tin của mình qua <a href="/m/service">chăm sóc khách hàng</a>.</p>',
      en: '<p>Kim Long collects what it needs to open and run your account: username, mobile number, e-mail, payee name and transaction history.</p><p>Passwords are stored hashed; nobody can read them. We do not sell or share personal data with third parties unless the law requires it.</p><p>You can ask to see, correct or delete your data through <a href="/m/service">customer service</a>.</p>',
    },
  },
  {
    key: 'about-kimlong',
    tag: 'about',
    sortOrder: 1,
    title: { vi: 'Giới thiệu Kim Long', en: 'About Kim Long' },
    content: {
      vi: '<p>Kim Long là sân chơi giải trí trực tuyến dành cho người chơi Việt Nam: nổ hũ, bắn cá, casino trực tiếp, game bài, xổ số, thể thao, thể thao điện tử và đá gà. Chăm sóc khách hàng hoạt động 24/7 bằng tiếng Việt.</p>',
      en: '<p>Kim Long is an online entertainment site for players in Vietnam: slots, fishing, live casino, card games, lottery, sports, e-sports and cockfighting. Customer service answers 24/7 in Vietnamese.</p>',
    },
  },
];

// ——— footer and social links ———

export const SITE_LINKS: readonly Seeded<NewSiteLinkRow>[] = [
  { kind: 'partner', key: 'sen-pay', name: { vi: 'Sen Pay' }, url: null, colour: '#e91e63', sortOrder: 1 },
  {
    kind: 'partner',
    key: 'mekong-pay',
    name: { vi: 'Mekong Pay' },
    url: null,
    colour: '#0288d1',
    sortOrder: 2,
  },
  {
    kind: 'partner',
    key: 'lotus-bank',
    name: { vi: 'Lotus Bank' },
    url: null,
    colour: '#2e7d32',
    sortOrder: 3,
  },
  {
    kind: 'partner',
    key: 'saigon-card',
    name: { vi: 'Saigon Card' },
    url: null,
    colour: '#f57c00',
    sortOrder: 4,
  },
  { kind: 'partner', key: 'tether', name: { vi: 'USDT' }, url: null, colour: '#26a17b', sortOrder: 5 },
  {
    kind: 'badge',
    key: 'adults-only',
    name: { vi: '18+', en: '18+' },
    url: '/m/help?tag=responsible',
    colour: '#c62828',
    sortOrder: 1,
  },
  {
    kind: 'badge',
    key: 'responsible',
    name: { vi: 'Chơi có trách nhiệm', en: 'Responsible gaming' },
    url: '/m/help?tag=responsible',
    colour: '#2e7d32',
    sortOrder: 2,
  },
  {
    kind: 'badge',
    key: 'ssl',
    name: { vi: 'Bảo mật SSL', en: 'SSL secure' },
    url: '/m/help?tag=privacy',
    colour: '#1565c0',
    sortOrder: 3,
  },
  {
    kind: 'badge',
    key: 'fair-play',
    name: { vi: 'Chơi công bằng', en: 'Fair play' },
    url: '/m/help?tag=terms',
    colour: '#6a1b9a',
    sortOrder: 4,
  },
  {
    kind: 'social',
    key: 'facebook',
    socialType: 'Facebook',
    name: { vi: 'Facebook Kim Long', en: 'Kim Long on Facebook' },
    url: 'https://www.facebook.com/kimlong.official',
    colour: '#1877f2',
    sortOrder: 1,
  },
  {
    kind: 'social',
    key: 'telegram',
    socialType: 'Telegram',
    name: { vi: 'Kênh Telegram', en: 'Telegram channel' },
    url: 'https://t.me/kimlong_official',
    colour: '#229ed9',
    sortOrder: 2,
  },
  {
    kind: 'social',
    key: 'telegram2',
    socialType: 'Telegram2',
    name: { vi: 'Telegram CSKH', en: 'Telegram support' },
    url: 'https://t.me/kimlong_cskh',
    colour: '#229ed9',
    sortOrder: 3,
  },
];

// ——— welcome messages ———

interface WelcomeTemplate {
  welcomeKey: string;
  title: LocalizedText;
  content: LocalizedText;
}

const WELCOME: readonly WelcomeTemplate[] = [
  {
    welcomeKey: 'welcome',
    title: { vi: 'Chào mừng đến với Kim Long!', en: 'Welcome to Kim Long!' },
    content: {
      vi: '<p>Cảm ơn quý khách đã tham gia Kim Long. Nạp lần đầu từ 100.000 ₫ để nhận thưởng <b>100%</b>, tối đa 8.888.000 ₫. Chúc quý khách chơi vui và may mắn!</p>',
      en: '<p>Thank you for joining Kim Long. Make a first deposit of 100,000 ₫ or more to get a <b>100%</b> bonus, up to 8,888,000 ₫. Have fun and good luck!</p>',
    },
  },
  {
    welcomeKey: 'security',
    title: { vi: 'Bảo vệ tài khoản của bạn', en: 'Protect your account' },
    content: {
      vi: '<p>Hãy đặt <b>mật khẩu rút tiền</b> và cập nhật số điện thoại để lấy lại mật khẩu khi cần. Kim Long không bao giờ hỏi mật khẩu hay mã OTP của bạn.</p>',
      en: '<p>Set a <b>payment password</b> and keep your mobile number up to date so you can recover your password. Kim Long never asks for your password or OTP.</p>',
    },
  },
  {
    welcomeKey: 'app',
    title: { vi: 'Tải ứng dụng Kim Long', en: 'Get the Kim Long app' },
    content: {
      vi: '<p>Cài ứng dụng Kim Long tại <a href="/m/app">trang tải app</a> để vào nhanh hơn, nhận thông báo khuyến mãi và thưởng <b>58.000 ₫</b> khi đăng nhập lần đầu.</p>',
      en: '<p>Install the Kim Long app from the <a href="/m/app">app page</a> for quicker access, promotion alerts and a <b>58,000 ₫</b> bonus on your first login.</p>',
    },
  },
];

export const WELCOME_KEYS: readonly string[] = WELCOME.map((template) => template.welcomeKey);

/**
 * The welcome messages of a member who joined at `joinedAt`, a second apart so that the list (newest
 * first) opens with the greeting.
 */
export function welcomeMessagesFor(joinedAt: Date): WelcomeMessage[] {
  return WELCOME.map((template, index) => ({
    ...template,
    sentAt: new Date(joinedAt.getTime() + (WELCOME.length - index) * 1000),
  }));
}
