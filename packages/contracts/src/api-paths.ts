import type { ModuleId } from './modules.ts';

/** Every call of the API: path under /api, method and the module id it carries (product.md §7). */
export const API = {
  health: { method: 'GET', path: '/api/health', moduleId: 'COMM3' },
  status: { method: 'GET', path: '/api/status', moduleId: 'COMM3' },
  outbox: { method: 'GET', path: '/api/dev/outbox', moduleId: 'COMM3' },
  opsStatus: { method: 'PUT', path: '/api/ops/status', moduleId: 'COMM3' },
  /** The merchant's logo, drawn from its white-label name and colour (SVG). */
  logo: { method: 'GET', path: '/api/assets/logo.svg', moduleId: 'COMM3' },

  // Accounts (product.md §7): login, session, registration, verification, captcha, passwords.
  loginKey: { method: 'GET', path: '/api/auth/login-key', moduleId: 'PERSPNL3' },
  login: { method: 'POST', path: '/api/auth/login', moduleId: 'PERSPNL3' },
  trialLogin: { method: 'POST', path: '/api/auth/trial', moduleId: 'FREEPLAY3' },
  logout: { method: 'DELETE', path: '/api/auth/session', moduleId: 'PERSPNL3' },
  renewSession: { method: 'POST', path: '/api/auth/session/renew', moduleId: 'PERSPNL3' },
  registrationRules: { method: 'GET', path: '/api/register/rules', moduleId: 'REG3' },
  register: { method: 'PUT', path: '/api/register', moduleId: 'REGISTER_REE3' },
  registerMobile: { method: 'PUT', path: '/api/register/mobile', moduleId: 'MOBILENUMREG3' },
  usernameCheck: { method: 'GET', path: '/api/register/username-check', moduleId: 'REG3' },
  affiliateCheck: { method: 'GET', path: '/api/register/affiliate-check', moduleId: 'AFFMAN3' },
  sendSms: { method: 'POST', path: '/api/verification/sms', moduleId: 'REGMOBVERF3' },
  captcha: { method: 'GET', path: '/api/captcha', moduleId: 'CAPTCHA3' },
  changePassword: { method: 'POST', path: '/api/member/password', moduleId: 'PERSPNL3' },
  setPasswordByPhone: { method: 'POST', path: '/api/auth/password/by-phone', moduleId: 'CHNGPASSVERIF3' },
  requestPasswordEmail: { method: 'POST', path: '/api/auth/password/email', moduleId: 'PERSPNL3' },
  resetPassword: { method: 'POST', path: '/api/auth/password/reset', moduleId: 'PERSPNL3' },
  memberInfo: { method: 'GET', path: '/api/member/info', moduleId: 'PERSPNL3' },
  // Games (product.md §7 game calls): the catalogue, favourites, recent, launch and the winner board.
  gameVendors: { method: 'GET', path: '/api/games/vendors', moduleId: 'COMM3' },
  gameSearch: { method: 'GET', path: '/api/games/search', moduleId: 'COMM3' },
  hotGames: { method: 'GET', path: '/api/games/hot', moduleId: 'COMM3' },
  recentGames: { method: 'GET', path: '/api/games/recent', moduleId: 'COMM3' },
  favouriteList: { method: 'GET', path: '/api/games/favourites', moduleId: 'COMM3' },
  favouriteIds: { method: 'GET', path: '/api/games/favourites/ids', moduleId: 'COMM3' },
  addFavourite: { method: 'POST', path: '/api/games/favourites', moduleId: 'COMM3' },
  removeFavourite: { method: 'DELETE', path: '/api/games/favourites', moduleId: 'COMM3' },
  lotteryMenu: { method: 'GET', path: '/api/games/lottery/menu', moduleId: 'COMM3' },
  lotteryList: { method: 'GET', path: '/api/games/lottery/list', moduleId: 'COMM3' },
  launchGame: { method: 'POST', path: '/api/games/launch', moduleId: 'COMM3' },
  redeemLaunch: { method: 'POST', path: '/api/games/launch/redeem', moduleId: 'COMM3' },
  winnerBoard: { method: 'GET', path: '/api/games/winners', moduleId: 'COMM3' },
  // Feedback (product.md §7 PUT feedback): multipart form with images; the member's own list.
  submitFeedback: { method: 'PUT', path: '/api/feedback', moduleId: 'FEEDBACK3' },
  feedbackList: { method: 'GET', path: '/api/feedback', moduleId: 'FEEDBACK3' },
  // Live chat (product.md §7 launch-chat, unread chat count, live model list; CBS3).
  launchChat: { method: 'GET', path: '/api/chat/launch', moduleId: 'CBS3' },
  chatUnread: { method: 'GET', path: '/api/chat/unread', moduleId: 'CBS3' },
  liveModels: { method: 'GET', path: '/api/live/models', moduleId: 'CBS3' },
  /** The chat page's calls (chat cookie). */
  chatSession: { method: 'POST', path: '/api/chat/session', moduleId: 'CBS3' },
  chatMessages: { method: 'GET', path: '/api/chat/messages', moduleId: 'CBS3' },
  chatSend: { method: 'POST', path: '/api/chat/messages', moduleId: 'CBS3' },
  chatRead: { method: 'POST', path: '/api/chat/read', moduleId: 'CBS3' },
  chatStream: { method: 'GET', path: '/api/chat/stream', moduleId: 'CBS3' },
  /** The operator page's calls (CHAT_OPERATOR_TOKEN). */
  chatOpsSignIn: { method: 'POST', path: '/api/chat/ops/session', moduleId: 'CBS3' },
  chatOpsSignOut: { method: 'DELETE', path: '/api/chat/ops/session', moduleId: 'CBS3' },
  chatOpsConversations: { method: 'GET', path: '/api/chat/ops/conversations', moduleId: 'CBS3' },
  chatOpsMessages: { method: 'GET', path: '/api/chat/ops/messages', moduleId: 'CBS3' },
  chatOpsReply: { method: 'POST', path: '/api/chat/ops/messages', moduleId: 'CBS3' },
  chatOpsRead: { method: 'POST', path: '/api/chat/ops/read', moduleId: 'CBS3' },
  chatOpsStream: { method: 'GET', path: '/api/chat/ops/stream', moduleId: 'CBS3' },
  // Home content, messages and help (product.md §7 banner, announcements, notice, popular, mark read, inbox,
  // help centre, service, head icon); shapes in content.ts.
  banners: { method: 'GET', path: '/api/banners', moduleId: 'COMM3' },
  announcements: { method: 'GET', path: '/api/announcements', moduleId: 'COMM3' },
  notice: { method: 'GET', path: '/api/announcements/notice', moduleId: 'COMM3' },
  popularAnnouncements: { method: 'GET', path: '/api/announcements/popular', moduleId: 'COMM3' },
  announcementUnreadCount: { method: 'GET', path: '/api/announcements/unread-count', moduleId: 'COMM3' },
  markAnnouncementRead: { method: 'POST', path: '/api/announcements/read', moduleId: 'COMM3' },
  inboxList: { method: 'GET', path: '/api/inbox', moduleId: 'INBOX3' },
  inboxUnreadCount: { method: 'GET', path: '/api/inbox/unread-count', moduleId: 'INBOX3' },
  inboxMessage: { method: 'GET', path: '/api/inbox/message', moduleId: 'INBOX3' },
  deleteInboxMessage: { method: 'DELETE', path: '/api/inbox/message', moduleId: 'INBOX3' },
  helpCentre: { method: 'GET', path: '/api/help', moduleId: 'COMM3' },
  helpItem: { method: 'GET', path: '/api/help/item', moduleId: 'COMM3' },
  service: { method: 'GET', path: '/api/service', moduleId: 'COMM3' },
  footerLinks: { method: 'GET', path: '/api/footer-links', moduleId: 'COMM3' },
  headIcon: { method: 'GET', path: '/api/member/head-icon', moduleId: 'PROFPIC3' },
  setHeadIcon: { method: 'POST', path: '/api/member/head-icon', moduleId: 'PROFPIC3' },
  // Wallet and deposit (product.md §3 Wallet sumBalance, §7 wallet, deposit and reports); shapes in wallet.ts
  // and deposit.ts. The callback is the payment gateway's; sandbox pay exists only with the sandbox gateway.
  wallet: { method: 'GET', path: '/api/wallet', moduleId: 'FUNDTRANS3' },
  walletTransactions: { method: 'GET', path: '/api/wallet/transactions', moduleId: 'MEMTRANS3' },
  /** Turnover requirements, locked and withdrawable money (wagering.ts); forfeiting a running bonus. */
  walletTurnover: { method: 'GET', path: '/api/wallet/turnover', moduleId: 'FUNDTRANS3' },
  forfeitBonus: { method: 'POST', path: '/api/wallet/turnover/forfeit', moduleId: 'FUNDTRANS3' },
  depositChannels: { method: 'GET', path: '/api/deposit/channels', moduleId: 'FUNDTRANS3' },
  createDepositOrder: { method: 'POST', path: '/api/deposit/orders', moduleId: 'FUNDTRANS3' },
  depositOrders: { method: 'GET', path: '/api/deposit/orders', moduleId: 'FUNDTRANS3' },
  depositOrder: { method: 'GET', path: '/api/deposit/order', moduleId: 'FUNDTRANS3' },
  depositCallback: { method: 'POST', path: '/api/deposit/callback', moduleId: 'FUNDTRANS3' },
  sandboxPay: { method: 'POST', path: '/api/sandbox-gateway/pay', moduleId: 'FUNDTRANS3' },
  // Responsible gaming (member centre): deposit limits, time-out, self-exclusion, reality check; shapes in
  // responsible-gaming.ts.
  responsibleGaming: { method: 'GET', path: '/api/responsible-gaming', moduleId: 'PERSPNL3' },
  setDepositLimits: { method: 'PUT', path: '/api/responsible-gaming/deposit-limits', moduleId: 'PERSPNL3' },
  startTimeOut: { method: 'POST', path: '/api/responsible-gaming/time-out', moduleId: 'PERSPNL3' },
  startSelfExclusion: {
    method: 'POST',
    path: '/api/responsible-gaming/self-exclusion',
    moduleId: 'PERSPNL3',
  },
  setRealityCheck: { method: 'PUT', path: '/api/responsible-gaming/reality-check', moduleId: 'PERSPNL3' },
  // Withdrawal (product.md §2 /m/withdraw, §7 withdraw and security): payment password, bank accounts, requests;
  // the operator's calls need WITHDRAWAL_OPERATOR_TOKEN. Shapes in withdrawal.ts.
  withdrawalInfo: { method: 'GET', path: '/api/withdrawal/info', moduleId: 'FUNDTRANS3' },
  setPaymentPassword: { method: 'PUT', path: '/api/withdrawal/payment-password', moduleId: 'FUNDTRANS3' },
  changePaymentPassword: { method: 'POST', path: '/api/withdrawal/payment-password', moduleId: 'FUNDTRANS3' },
  verifyPaymentPassword: {
    method: 'POST',
    path: '/api/withdrawal/payment-password/verify',
    moduleId: 'FUNDTRANS3',
  },
  bankAccounts: { method: 'GET', path: '/api/withdrawal/bank-accounts', moduleId: 'FUNDTRANS3' },
  addBankAccount: { method: 'POST', path: '/api/withdrawal/bank-accounts', moduleId: 'FUNDTRANS3' },
  removeBankAccount: { method: 'DELETE', path: '/api/withdrawal/bank-accounts', moduleId: 'FUNDTRANS3' },
  createWithdrawal: { method: 'POST', path: '/api/withdrawal/requests', moduleId: 'FUNDTRANS3' },
  withdrawals: { method: 'GET', path: '/api/withdrawal/requests', moduleId: 'FUNDTRANS3' },
  withdrawal: { method: 'GET', path: '/api/withdrawal/request', moduleId: 'FUNDTRANS3' },
  withdrawalOpsList: { method: 'GET', path: '/api/withdrawal/ops/requests', moduleId: 'FUNDTRANS3' },
  withdrawalOpsApprove: { method: 'POST', path: '/api/withdrawal/ops/approve', moduleId: 'FUNDTRANS3' },
  withdrawalOpsReject: { method: 'POST', path: '/api/withdrawal/ops/reject', moduleId: 'FUNDTRANS3' },
  // Game records (product.md §7 reports, game records): the rounds the member played; shapes in game-records.ts.
  gameRecords: { method: 'GET', path: '/api/game-records', moduleId: 'MEMTRANS3' },
  // VIP levels (product.md §2 /m/member/benefits) and promotions with referral (/m/activity, /m/inviteFriends);
  // shapes in vip.ts and promotions.ts.
  vipLevels: { method: 'GET', path: '/api/vip/levels', moduleId: 'COMM3' },
  myVip: { method: 'GET', path: '/api/vip/me', moduleId: 'PERSPNL3' },
  promotions: { method: 'GET', path: '/api/promotions', moduleId: 'COMM3' },
  promotionDetail: { method: 'GET', path: '/api/promotions/detail', moduleId: 'COMM3' },
  applyPromotion: { method: 'POST', path: '/api/promotions/apply', moduleId: 'MEMTRANS3' },
  promotionClaims: { method: 'GET', path: '/api/promotions/claims', moduleId: 'MEMTRANS3' },
  claimBonus: { method: 'POST', path: '/api/promotions/claim', moduleId: 'MEMTRANS3' },
  myReferral: { method: 'GET', path: '/api/promotions/referral', moduleId: 'MEMTRANS3' },
  // Agent contracts (product.md §2 member/agent screens, §7 contract requests; COMM3): the member's calls and the
  // operator's (OPS_TOKEN). Shapes in agent-contracts.ts.
  contractRequests: { method: 'GET', path: '/api/agent-contracts/requests', moduleId: 'COMM3' },
  agentContract: { method: 'GET', path: '/api/agent-contracts/contract', moduleId: 'COMM3' },
  acceptContract: { method: 'POST', path: '/api/agent-contracts/accept', moduleId: 'COMM3' },
  refuseContract: { method: 'POST', path: '/api/agent-contracts/refuse', moduleId: 'COMM3' },
  contractOpsOffer: { method: 'POST', path: '/api/ops/agent-contracts/offers', moduleId: 'COMM3' },
  contractOpsPromote: { method: 'POST', path: '/api/ops/agent-contracts/agents', moduleId: 'COMM3' },
  // The in-house provably fair slot (product.md §2 /m/slotsCenter; §9 INHOUSE → RNG, vendor BGS); shapes in slot.ts.
  slotSession: { method: 'GET', path: '/api/slot/session', moduleId: 'COMM3' },
  slotSpin: { method: 'POST', path: '/api/slot/spin', moduleId: 'COMM3' },
  slotClientSeed: { method: 'PUT', path: '/api/slot/seed/client', moduleId: 'COMM3' },
  slotRotateSeed: { method: 'POST', path: '/api/slot/seed/rotate', moduleId: 'COMM3' },
  slotHistory: { method: 'GET', path: '/api/slot/rounds', moduleId: 'COMM3' },
  slotRound: { method: 'GET', path: '/api/slot/round', moduleId: 'COMM3' },
  // The in-house Vietnamese lottery (product.md §7 lottery list/menu, recent VN lottery, VN numero; §9 prize
  // modes, play types); shapes in lottery.ts. lotteryMenu/lotteryList above stay the catalogue's listing.
  lotteryGames: { method: 'GET', path: '/api/lottery/games', moduleId: 'COMM3' },
  lotteryGame: { method: 'GET', path: '/api/lottery/game', moduleId: 'COMM3' },
  recentLottery: { method: 'GET', path: '/api/lottery/recent', moduleId: 'COMM3' },
  lotteryResults: { method: 'GET', path: '/api/lottery/results', moduleId: 'COMM3' },
  lotteryNumero: { method: 'GET', path: '/api/lottery/numero', moduleId: 'COMM3' },
  lotteryOrders: { method: 'GET', path: '/api/lottery/orders', moduleId: 'COMM3' },
  placeLotteryBet: { method: 'POST', path: '/api/lottery/orders', moduleId: 'COMM3' },
  cancelLotteryBet: { method: 'POST', path: '/api/lottery/orders/cancel', moduleId: 'COMM3' },
} as const satisfies Record<string, { method: string; path: string; moduleId: ModuleId }>;
export type ApiCall = keyof typeof API;
