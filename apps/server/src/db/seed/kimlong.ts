import { API } from '@kl/contracts/api-paths';
import type { NewMemberRow, NewMerchantRow } from '../schema/index.ts';

/**
 * The demo merchant: Kim Long, a Vietnamese site. Links to the site's own screens are relative paths;
 * downloads and social links point at the site's domain and its official accounts. Demo data: its social
 * accounts, WhatsApp number, mirror domains and download links are examples, which is why a real merchant
 * is created with `npm run merchant:create` (merchant.ts) instead.
 */
export const DEMO_MERCHANT_CODE = 'kimlong';
const MAIN_DOMAIN = 'kimlong.vn';
const site = (path: string) => `https://${MAIN_DOMAIN}${path}`;
const LOGO_URL = API.logoPicture.path;
const AGENT_SIGN_UP_URL = site('/agent/signup');

export const KIMLONG: NewMerchantRow = {
  code: DEMO_MERCHANT_CODE,
  name: 'Kim Long',

  USERNAMEREG3: true,
  MOBILENUMREG3: true,
  REGMOBVERF3: true,
  MOBILENUMPASSREG3: true,
  FACEBOOKLOGIN3: false,
  GOOGLELOGIN3: false,
  MOBILEVERCODELOGIN3: true,
  LOGINREQCAPTCHA3: false,
  CBS3: true,
  AGENTPOLICY3: true,
  showVipBenefit: true,

  maintenance: false,
  maintenanceUntil: null,
  allowedCountries: ['VN'],

  customerService: [
    { csType: 'LIVECHAT', path: '/m/service' },
    { csType: 'TELEGRAM', path: 'https://t.me/kimlong_cskh' },
    { csType: 'FACEBOOK', path: 'https://www.facebook.com/kimlong.official' },
    { csType: 'YOUTUBE', path: 'https://www.youtube.com/@kimlong.official' },
    { csType: 'CS', path: '/m/service' },
    { csType: 'whatsapp', path: 'https://wa.me/84901234567' },
  ],
  domainRoute: ['kimlong1.vn', 'kimlong2.vn', 'kimlong3.vn'],
  mobileTemplate: { mem_cen: 1, dep_func: 1 },
  paths: {
    home: '/m/home',
    terms: '/m/help?tag=terms',
    privacy: '/m/help?tag=privacy',
    responsibleGaming: '/m/help?tag=responsible',
    aboutUs: '/m/help?tag=about',
    appDownload: '/m/app',
    agentSignUp: AGENT_SIGN_UP_URL,
  },
  register: {
    ageLimit: 18,
    defaultCountryDialingCode: '+84',
    countryDialingCodes: ['+84'],
    termsCheckedByDefault: false,
  },
  resources: [
    { resourceType: 'IOS', url: site('/download/ios'), labelNameEn: 'iOS app' },
    { resourceType: 'Android', url: site('/download/kimlong.apk'), labelNameEn: 'Android app' },
    { resourceType: 'ANDROID2', url: site('/download/kimlong-lite.apk'), labelNameEn: 'Android app (lite)' },
    { resourceType: 'MOBILECONFIG', url: site('/download/kimlong.mobileconfig'), labelNameEn: 'iOS profile' },
    { resourceType: 'AGENT', url: AGENT_SIGN_UP_URL, labelNameEn: 'Become an agent' },
    { resourceType: 'TELEGRAM', url: 'https://t.me/kimlong_official', labelNameEn: 'Telegram' },
    { resourceType: 'AppDownloadIcon', url: LOGO_URL, labelNameEn: 'App icon' },
    { resourceType: 'LOGINLINK', url: '/m/login', labelNameEn: 'Log in' },
    { resourceType: 'LOGOLINK', url: LOGO_URL, labelNameEn: 'Kim Long' },
    { resourceType: 'YOUTUBE', url: 'https://www.youtube.com/@kimlong.official', labelNameEn: 'YouTube' },
    { resourceType: 'FACEBOOK', url: 'https://www.facebook.com/kimlong.official', labelNameEn: 'Facebook' },
  ],
  whitelabel: { siteName: 'Kim Long', logoUrl: LOGO_URL, themeColor: '#d4a017', copyrightYear: 2025 },
  mainDomain: MAIN_DOMAIN,
  imageCDNs: [],
};

/**
 * The demo agent (docs/agents.md, "Hierarchy"): a top agent made by an operator, who signs in on the site
 * with DEMO_AGENT_PASSWORD and sees its team in the agent centre (/m/agent).
 */
export const DEMO_AGENT: NewMemberRow = {
  merchantCode: DEMO_MERCHANT_CODE,
  username: 'kimlongagent',
  type: 1,
  passwordHash: null,
  registerMethod: null,
};
/** Demo only: the demo agent's password (the demo seed never runs in production). */
export const DEMO_AGENT_PASSWORD = 'agent2026';
/** The demo agent's member link, also the invitation code a new member may type (product.md §5). */
export const DEMO_AFFILIATE_CODE = 'KL2026';
/** The demo agent's sub-agent link, with a campaign name. */
export const DEMO_SUB_AGENT_CODE = 'KLDAILY26';
export const DEMO_SUB_AGENT_CAMPAIGN = 'Tuyển đại lý 2026';
/** Members of the demo agent's direct downline, registered through its member link so many days ago. */
export const DEMO_DOWNLINE: readonly { username: string; daysAgo: number }[] = [
  { username: 'kimlongkhach1', daysAgo: 6 },
  { username: 'kimlongkhach2', daysAgo: 1 },
];
