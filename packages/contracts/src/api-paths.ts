import type { ModuleId } from './modules.ts';

/** Every call of the API: path under /api, method and the module id it carries (SPEC §7). */
export const API = {
  health: { method: 'GET', path: '/api/health', moduleId: 'COMM3' },
  status: { method: 'GET', path: '/api/status', moduleId: 'COMM3' },
  outbox: { method: 'GET', path: '/api/dev/outbox', moduleId: 'COMM3' },
  opsStatus: { method: 'PUT', path: '/api/ops/status', moduleId: 'COMM3' },
  /** The merchant's logo, drawn from its white-label name and colour (SVG). */
  logo: { method: 'GET', path: '/api/assets/logo.svg', moduleId: 'COMM3' },

  // Accounts (SPEC §7): login, session, registration, verification, captcha, passwords.
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
  // Games (SPEC §7 game calls): the catalogue, favourites, recent, launch and the winner board.
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
} as const satisfies Record<string, { method: string; path: string; moduleId: ModuleId }>;
export type ApiCall = keyof typeof API;
