/** Constants and limits of product.md §9, named once. Durations are milliseconds. */

export const TOAST_MS = {
  /** Loading toast for logout, free play and home: stays until dismissed. */
  loadingLong: 9999_000,
  /** Any other loading toast. */
  loading: 10_000,
  success: 1_000,
  info: 2_000,
  notice: 1_500,
} as const;

export const BANNER_AUTOPLAY_MS = 5_000;

export const PAGE_SIZE = {
  search: 9,
  homeList: 25,
  recent: 25,
  hot: 25,
  favourites: { small: 15, grid: 24, list: 25, all: 100 },
  lobby: 15,
} as const;

export const HOME_PREVIEW = { RNG: 3, FISH: 2, LIVE: 1 } as const;
export const HOME_LIST_REQUEST_SPACING_MS = 400;

export const INFINITE_SCROLL = { thresholdPx: 300, throttleMs: 300 } as const;
export const BADGE_CAP = 99;
/** The winner board: `slidesPerView` rows of `rowPx` in view (the web sets its CSS row height from it). */
export const WINNER_BOARD = {
  entries: 100,
  scrollAbove: 5,
  slidesPerView: 5,
  rowPx: 48,
  intervalMs: 3_000,
} as const;
export const LANGUAGE_CHANGE_DEBOUNCE_MS = 250;
export const MARQUEE_FPS = 50;
export const CAROUSEL_NAVIGATION_ABOVE = 3;
export const FOOTER_MAX_VENDORS = 28;

export const GATEWAY_CODE = { WEB: 1, MOBILE: 3 } as const;
export const CLIENT_TYPE = 2;
export const GAME_PLATFORM = 'html5';
export const ANNOUNCEMENT_PLATFORM = 'M';

export const TIMING_MS = {
  dialogMaskIgnore: 300,
  pageTransition: 300,
  classifyScrollDelay: 500,
  lazyLoad: 200,
  touchPress: 130,
  longPress: 370,
  releaseLock: 300,
  pressOut: 100,
  smsTick: 500,
  gameListDebounce: 300,
  languageChangeDebounce: 250,
  markReadThrottle: 150,
  unreadCountThrottle: 250,
  liveChatRedirect: 500,
} as const;

export const SMS_INITIAL_COUNTDOWN_S = 60;

export const PRIZE_MODES = ['Lott', 'ZY', 'Elott', 'SEA'] as const;
export type PrizeMode = (typeof PRIZE_MODES)[number];
export const PLAY_TYPES = ['Tradition', 'Entertainment'] as const;
export type PlayType = (typeof PLAY_TYPES)[number];

export const ESPORTS_VENDORS = ['IMES', 'TF', 'IA'] as const;
export const COCKFIGHT_VENDORS = ['DS88', 'WS168', 'DIG', 'SV3'] as const;

export const CONTENT_CODES = {
  Agent: 'A',
  Player: 'PL',
  Banner: 'B',
  Pop_Up: 'PU',
  Promotion: 'PR',
} as const;

/** Keys of the browser's local cache (product.md §9). */
export const CACHE_KEYS = {
  status: 'status',
  memberInfo: 'memberInfo',
  setTemplate: 'setTemplate',
  vassGameType: 'getVassGameType',
  gameLotts: 'getGameLotts',
  lottList: 'lottList',
  elottList: 'elottList',
  serviceLink: 'service_link',
  catasList: 'catasList',
  announcements: 'ANNOUNT',
} as const;

export const SESSION_STORAGE_KEY = 'MC_SESSION_INFO';

/**
 * Cookies the web app writes when the language or theme is chosen, so that the server renders home in
 * them (docs/decisions/005-web-first-load.md). Not HttpOnly: preferences, not secrets.
 */
export const PREFERENCE_COOKIES = { language: 'kl_lang', theme: 'kl_theme' } as const;

export const CLAIM_STATUSES = ['applying', 'rejected', 'issued', 'claimed'] as const;

/** Clock of the side menu: GMT+8, refreshed every second. */
export const CLOCK_UTC_OFFSET_HOURS = 8;

/** The time zone of a merchant that names none, and the site's until the merchant's status says. */
export const DEFAULT_SITE_TIME_ZONE = 'Asia/Ho_Chi_Minh';

export const MIN_BET_FILTERS = ['all', '0.01', '0.05', '0.1', '0.5', '0.75'] as const;
export const SLOT_CLASSES = ['all', 'JP', 'SC', 'VP', 'TG', 'AC'] as const;

/**
 * Where pictures uploaded in the back office are served (images.ts; outside the API table: the path
 * carries the file name). Here, without zod, for the header that tells an uploaded logo from the drawn one.
 */
export const IMAGE_PREFIX = '/api/images/';
