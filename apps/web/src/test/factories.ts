import {
  HOME_SECTION_KEYS,
  MERCHANT_TOGGLES,
  type StatusInfo,
  type SystemStatus,
} from '@kl/contracts/status';

type StatusOverrides = Partial<Omit<SystemStatus, 'info'>> & { info?: Partial<StatusInfo> };

/** A valid system status of a normal day (status 0), with overrides. */
export function createSystemStatus(overrides: StatusOverrides = {}): SystemStatus {
  const { info, ...rest } = overrides;
  return {
    status: 0,
    merchantCode: 'kimlong',
    maintenance: false,
    regionRestriction: false,
    location: { ip: '203.0.113.7', country: 'VN' },
    ...rest,
    info: {
      customerService: [
        { csType: 'LIVECHAT', path: 'https://chat.example.test/room' },
        { csType: 'TELEGRAM', path: 'https://t.me/kimlong_support' },
      ],
      domainRoute: [],
      mobileTemplate: { mem_cen: 1, dep_func: 0 },
      paths: {},
      register: {
        ageLimit: 18,
        defaultCountryDialingCode: '+84',
        countryDialingCodes: ['+84'],
        termsCheckedByDefault: false,
      },
      resources: [{ resourceType: 'AGENT', url: 'https://agent.example.test/join', labelNameEn: 'Agent' }],
      whitelabel: {
        siteName: 'Kim Long',
        logoUrl: '/api/assets/logo.svg',
        themeColor: '#f2c14e',
        copyrightYear: 2025,
      },
      mainDomain: 'kimlong.example.test',
      imageCDNs: [],
      toggles: Object.fromEntries(MERCHANT_TOGGLES.map((name) => [name, false])) as StatusInfo['toggles'],
      homeSections: [...HOME_SECTION_KEYS],
      maintenanceUntil: null,
      ...info,
    },
  };
}
