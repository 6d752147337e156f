import type { FirebaseWebConfig, RegistrationPayload, RegistrationRules } from '@kl/contracts/accounts';
import { OPTIONAL_REGISTRATION_FIELDS, toPayeeName, verifyField } from '@kl/contracts/verifier';
import type { Clock } from '../../platform/clock.ts';
import { hashPassword, randomDigits } from '../../platform/crypto.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import type { RequestContext } from '../../platform/request-context.ts';
import type { NewSession, SessionService } from '../auth/index.ts';
import type { Merchant, MerchantService } from '../merchant/index.ts';
import type { MemberRepository, MemberRow, NewMemberRow } from '../member/index.ts';
import {
  type CaptchaService,
  type MobileNumber,
  normaliseMobile,
  type SmsService,
} from '../verification/index.ts';
import { createRiskSignals } from '../risk/index.ts';
import type { RegisterRepository } from './repository.ts';
import { type RegistrationField, registrationRulesOf, rulesForMethod, storedRules } from './rules.ts';

export type RegisterMethod = 'username' | 'mobile';

/** Optional profile fields, checked in the order of the form (product.md §2 Registration). */
const PROFILE_FIELDS = OPTIONAL_REGISTRATION_FIELDS;
type ProfileField = (typeof PROFILE_FIELDS)[number];

/** A new member's real type (product.md §3). */
const NEW_MEMBER_TYPE = 0;

function fieldError(field: string, code: DomainError['code'], reason: string): DomainError {
  return new DomainError(code, reason === 'disabled' ? { field, reason: 'FIELD_DISABLED' } : { field });
}

export interface RegisterServiceDeps {
  db: Db;
  clock: Clock;
  merchantService: MerchantService;
  members: MemberRepository;
  registerRepository: RegisterRepository;
  captchaService: CaptchaService;
  smsService: SmsService;
  sessionService: SessionService;
  /** The Firebase web configuration (null unless fully set): Google / Facebook quick login can be offered. */
  firebaseWeb: FirebaseWebConfig | null;
  /** FIREBASE_PHONE_AUTH: the SMS login's code is sent and checked by Firebase's phone sign-in. */
  firebasePhoneAuth?: boolean | undefined;
  /**
   * Runs inside the registration transaction with the new member and its affiliate code: an agent's link
   * attaches the member to the agent (docs/agents.md, "Agent links"). Answers the member's type then.
   */
  attachMember?:
    ((member: MemberRow, affiliateCode: string | null, tx: DbOrTx) => Promise<number>) | undefined;
}

/** The rule of a field the visitor did not type but a link filled (an agent link's code). */
const OFFERED = { enabled: true, required: false } as const;

/** Registration by username or by mobile number (product.md §2, §4, §5), username and affiliate checks. */
export function createRegisterService(deps: RegisterServiceDeps) {
  const { db, clock, merchantService, members, registerRepository } = deps;
  const riskSignals = createRiskSignals(db);

  async function loadRules(
    merchantCode: string,
  ): Promise<{ merchant: Merchant; stored: ReturnType<typeof storedRules> }> {
    const merchant = await merchantService.getMerchant(merchantCode);
    return { merchant, stored: storedRules(await registerRepository.fieldRules(merchantCode)) };
  }

  async function requireAffiliateCode(merchantCode: string, code: string): Promise<string> {
    const found = await registerRepository.findActiveAffiliateCode(merchantCode, code);
    if (!found) throw new DomainError('INVALID_INVITATION_CODE', { field: 'affiliateCode' });
    return found.code;
  }

  /** `vn` + the national number; a few random digits added in the unlikely case it is taken. */
  async function derivedUsername(merchantCode: string, mobile: MobileNumber): Promise<string> {
    const base = `vn${mobile.mobileNum}`;
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const candidate = attempt === 0 ? base : `${base}${randomDigits(3)}`;
      if (!(await members.findByUsername(merchantCode, candidate))) return candidate;
    }
    throw new DomainError('USERNAME_EXISTS', { field: 'mobileNum' });
  }

  return {
    async rules(merchantCode: string): Promise<RegistrationRules> {
      const { merchant, stored } = await loadRules(merchantCode);
      return registrationRulesOf(stored, merchant, deps.firebaseWeb, deps.firebasePhoneAuth);
    },

    /** Free to register: answers nothing; ACCOUNT_FORMAT or USERNAME_EXISTS otherwise. */
    async checkUsername(merchantCode: string, username: string): Promise<void> {
      const checked = verifyField('username', username);
      if (!checked.ok) throw new DomainError(checked.code, { field: 'username' });
      if (await members.findByUsername(merchantCode, checked.value ?? '')) {
        throw new DomainError('USERNAME_EXISTS', { field: 'username' });
      }
    },

    /** A valid, active affiliate code: answers nothing; INVALID_INVITATION_CODE otherwise. */
    async checkAffiliateCode(merchantCode: string, code: string): Promise<void> {
      const checked = verifyField('affiliateCode', code);
      if (!checked.ok) throw new DomainError('INVALID_INVITATION_CODE', { field: 'affiliateCode' });
      await requireAffiliateCode(merchantCode, checked.value ?? '');
    },

    /**
     * Registers a member of type 0 and logs them in. Checks in this order: the method is on, every field
     * under the merchant's rules (first failing field answered with its code and `value.field`), the
     * confirmation, the captcha, the SMS code (mobile method with REGMOBVERF3), the affiliate code, then
     * that the username / mobile number is free.
     */
    async register(
      merchantCode: string,
      method: RegisterMethod,
      payload: RegistrationPayload,
      context: RequestContext,
    ): Promise<NewSession> {
      const { merchant, stored } = await loadRules(merchantCode);
      const methodOn = method === 'username' ? merchant.toggles.USERNAMEREG3 : merchant.toggles.MOBILENUMREG3;
      if (!methodOn) throw new DomainError('FEATURE_NOT_ENABLED', { reason: 'REGISTER_METHOD_OFF' });
      const rules = rulesForMethod(stored, merchant, method);
      const now = clock();

      const check = (field: RegistrationField, raw: string | undefined, rule = rules[field]) => {
        const result = verifyField(field, raw, rule, now);
        if (!result.ok) throw fieldError(field, result.code, result.reason);
        return result.value;
      };

      // Identity fields first, in the order of the form.
      let mobile: MobileNumber | undefined;
      let username: string | undefined;
      if (method === 'mobile') {
        mobile = normaliseMobile(payload.mobileNum, payload.countryDialingCode, merchant.info.register);
        check('verificationCode', payload.verificationCode);
      } else {
        username = check('username', payload.username);
      }
      const password = check('password', payload.password || undefined);
      if (password !== undefined && payload.confirmPassword !== password) {
        throw new DomainError('CONFIRMATION_NOT_MATCHED', { field: 'confirmPassword' });
      }
      if (method === 'username' && payload.mobileNum?.trim()) {
        mobile = normaliseMobile(payload.mobileNum, payload.countryDialingCode, merchant.info.register);
      }
      const profile: Partial<Record<ProfileField, string>> = {};
      // An agent's link carries its code even where the form does not offer the field (docs/agents.md,
      // "Agent links"): the code is taken when it is an active agent link, and checked as a code still.
      const linkCode = payload.affiliateCode?.trim();
      const viaAgentLink =
        !!linkCode &&
        !rules.affiliateCode.enabled &&
        !!(await registerRepository.findActiveAffiliateCode(merchantCode, linkCode))?.agentMemberId;
      for (const field of PROFILE_FIELDS) {
        const raw =
          field === 'payeeName' && payload.payeeName ? toPayeeName(payload.payeeName) : payload[field];
        const value = check(field, raw, field === 'affiliateCode' && viaAgentLink ? OFFERED : undefined);
        if (value !== undefined) profile[field] = value;
      }

      await deps.captchaService.require({ captchaId: payload.captchaId, captcha: payload.captcha });
      if (method === 'mobile' && mobile && merchant.toggles.REGMOBVERF3) {
        await deps.smsService.verify(merchantCode, mobile, 'register', payload.verificationCode);
      }
      const affiliate = profile.affiliateCode
        ? await requireAffiliateCode(merchantCode, profile.affiliateCode)
        : null;

      if (username && (await members.findByUsername(merchantCode, username))) {
        throw new DomainError('USERNAME_EXISTS', { field: 'username' });
      }
      if (mobile && (await members.findByMobile(merchantCode, mobile.countryDialingCode, mobile.mobileNum))) {
        throw new DomainError('USERNAME_EXISTS', { field: 'mobileNum' });
      }
      const finalUsername = username ?? (mobile ? await derivedUsername(merchantCode, mobile) : undefined);
      if (!finalUsername) throw new DomainError('ACCOUNT_FORMAT', { field: 'username' });

      const row: NewMemberRow = {
        merchantCode,
        username: finalUsername,
        type: NEW_MEMBER_TYPE,
        passwordHash: password === undefined ? null : await hashPassword(password),
        paymentPasswordHash: profile.paymentPassword ? await hashPassword(profile.paymentPassword) : null,
        countryDialingCode: mobile?.countryDialingCode ?? null,
        mobileNum: mobile?.mobileNum ?? null,
        email: profile.email ?? null,
        nickname: profile.nickname ?? null,
        payeeName: profile.payeeName ?? null,
        birthday: profile.birthday ?? null,
        idNumber: profile.idNumber ?? null,
        qqNum: profile.qqNum ?? null,
        facebook: profile.facebook ?? null,
        wechat: profile.wechat ?? null,
        line: profile.line ?? null,
        whatsapp: profile.whatsapp ?? null,
        zalo: profile.zalo ?? null,
        recommenderId: profile.recommenderId ?? null,
        affiliateCode: affiliate,
        registerMethod: payload.registerMethod,
        registerUrl: payload.registerUrl?.trim() || null,
        domain: payload.domain?.trim() || null,
        registerIp: context.ip,
        registerDevice: context.deviceId ?? null,
        createdAt: now,
        updatedAt: now,
      };
      return db.transaction(async (tx) => {
        const created: MemberRow | undefined = await members.insert(row, tx);
        // Taken meanwhile by a concurrent registration.
        if (!created)
          throw new DomainError('USERNAME_EXISTS', { field: method === 'mobile' ? 'mobileNum' : 'username' });
        const type = deps.attachMember ? await deps.attachMember(created, affiliate, tx) : created.type;
        const session = await deps.sessionService.create({ ...created, type }, context, {
          method: 'register',
          tx,
        });
        // The device or address of other members: signals for the risk queue, with the registration.
        await riskSignals.atRegistration(created, tx);
        return session;
      });
    },
  };
}

export type RegisterService = ReturnType<typeof createRegisterService>;
