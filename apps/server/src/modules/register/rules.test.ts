import { registrationRules } from '@kl/contracts/accounts';
import { HOME_SECTION_KEYS } from '@kl/contracts/status';
import { describe, expect, it } from 'vitest';
import { KIMLONG } from '../../db/seed/kimlong.ts';
import type { MerchantRow } from '../../db/schema/index.ts';
import { toMerchant } from '../merchant/index.ts';
import { DEFAULT_FIELD_RULES, registrationRulesOf } from './rules.ts';

const FIREBASE = {
  apiKey: `AIza${'k'.repeat(35)}`,
  authDomain: 'kimlong-web.firebaseapp.com',
  projectId: 'kimlong-web',
};

/** The demo merchant's row as the database reads it back (a column left out takes its default). */
function merchantWith(change: Partial<MerchantRow> = {}) {
  return toMerchant({ homeSections: [...HOME_SECTION_KEYS], ...KIMLONG, ...change } as MerchantRow);
}

describe('registrationRulesOf: quick login', () => {
  it('offers each social button whose switch is on when Firebase is configured, with its web config', () => {
    const rules = registrationRulesOf(
      DEFAULT_FIELD_RULES,
      merchantWith({ GOOGLELOGIN3: true, FACEBOOKLOGIN3: false }),
      FIREBASE,
    );
    expect(rules.social).toEqual({ google: true, facebook: false, sms: false });
    expect(rules.firebase).toEqual(FIREBASE);
    expect(registrationRules.parse(rules)).toEqual(rules);

    const both = registrationRulesOf(
      DEFAULT_FIELD_RULES,
      merchantWith({ GOOGLELOGIN3: true, FACEBOOKLOGIN3: true }),
      FIREBASE,
    );
    expect(both.social).toEqual({ google: true, facebook: true, sms: false });
  });

  it('offers no social button and no config without the Firebase web configuration', () => {
    const rules = registrationRulesOf(
      DEFAULT_FIELD_RULES,
      merchantWith({ GOOGLELOGIN3: true, FACEBOOKLOGIN3: true }),
      null,
    );
    expect(rules.social).toEqual({ google: false, facebook: false, sms: false });
    expect(rules.firebase).toBeNull();
    expect(registrationRules.parse(rules)).toEqual(rules);
  });

  it('keeps the config but no button when both switches are off', () => {
    const rules = registrationRulesOf(
      DEFAULT_FIELD_RULES,
      merchantWith({ GOOGLELOGIN3: false, FACEBOOKLOGIN3: false }),
      FIREBASE,
    );
    expect(rules.social).toEqual({ google: false, facebook: false, sms: false });
    expect(rules.firebase).toEqual(FIREBASE);
  });

  it('sends the SMS login code through Firebase only with its phone sign-in, its configuration and the switch', () => {
    const smsOn = merchantWith({ MOBILEVERCODELOGIN3: true });
    expect(registrationRulesOf(DEFAULT_FIELD_RULES, smsOn, FIREBASE, true).social.sms).toBe(true);
    // The project does not sign in by phone: the site's own SMS code.
    expect(registrationRulesOf(DEFAULT_FIELD_RULES, smsOn, FIREBASE, false).social.sms).toBe(false);
    expect(registrationRulesOf(DEFAULT_FIELD_RULES, smsOn, null, true).social.sms).toBe(false);
    const smsOff = merchantWith({ MOBILEVERCODELOGIN3: false });
    expect(registrationRulesOf(DEFAULT_FIELD_RULES, smsOff, FIREBASE, true).social.sms).toBe(false);
  });
});
