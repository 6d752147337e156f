import type { LoginPayload } from '@kl/contracts/accounts';
import type { MerchantToggles } from '@kl/contracts/status';
import { verifyField } from '@kl/contracts/verifier';
import type { IdentityProvider } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { randomDigits } from '../../platform/crypto.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import type { RequestContext } from '../../platform/request-context.ts';
import type { Merchant } from '../merchant/index.ts';
import type { MemberRepository, MemberRow, NewMemberRow } from '../member/index.ts';
import { type MobileNumber, normaliseMobile } from '../verification/index.ts';
import type { FirebaseIdentityRepository } from './firebase-identity-repository.ts';
import { FirebaseKeysUnavailableError, type FirebaseKeySource } from './firebase-keys.ts';
import {
  type FirebaseChannel,
  type FirebaseIdentity,
  FirebaseTokenError,
  verifyFirebaseIdToken,
} from './firebase-token.ts';
import type { NewSession, SessionService } from './session-service.ts';
import type { LoginCheck, SecondStep } from './login-service.ts';

export type FirebaseLoginPayload = Extract<LoginPayload, { type: 'firebase' }>;

/** The merchant switch of each channel (product.md §6): GOOGLELOGIN3, FACEBOOKLOGIN3; phone is SMS login. */
const TOGGLE_OF_CHANNEL: Record<FirebaseChannel, { toggle: keyof MerchantToggles; reason: string }> = {
  google: { toggle: 'GOOGLELOGIN3', reason: 'GOOGLE_LOGIN_OFF' },
  facebook: { toggle: 'FACEBOOKLOGIN3', reason: 'FACEBOOK_LOGIN_OFF' },
  sms: { toggle: 'MOBILEVERCODELOGIN3', reason: 'SMS_LOGIN_OFF' },
};

/** Username prefix of a member created by a quick login; 10 random digits follow (12 characters). */
const USERNAME_PREFIX: Record<IdentityProvider, string> = {
  'google.com': 'gg',
  'facebook.com': 'fb',
  phone: 'ph',
};
const USERNAME_TRIES = 5;

/** A new member's real type (product.md §3). */
const NEW_MEMBER_TYPE = 0;

const refused = (reason: string) => new DomainError('WRONG_CREDENTIALS', { reason });

/** The identity was linked by a concurrent first login: the transaction is undone and the link read. */
class IdentityLinkedMeanwhile extends Error {}

export interface FirebaseLoginServiceDeps {
  db: Db;
  clock: Clock;
  /** FIREBASE_PROJECT_ID; undefined turns quick login off. */
  projectId: string | undefined;
  keySource: FirebaseKeySource;
  members: MemberRepository;
  identities: FirebaseIdentityRepository;
  sessionService: SessionService;
  /** Refuses a member who may not log in now (a time-out). */
  checkLogin?: LoginCheck | undefined;
  /** Asks for the second step when the member's two-factor is on (two-factor.ts). */
  secondStep?: SecondStep | undefined;
}

/**
 * Quick login with a Firebase ID token (Google, Facebook, phone): the token is verified against Google's
 * keys, its identity finds the member or, the first time, creates one (type 0, no password), and a
 * session starts exactly as after a password login.
 */
export function createFirebaseLoginService(deps: FirebaseLoginServiceDeps) {
  const { db, clock, members, identities, sessionService } = deps;

  async function verify(projectId: string, payload: FirebaseLoginPayload): Promise<FirebaseIdentity> {
    try {
      return await verifyFirebaseIdToken(payload.firebaseIdToken, {
        projectId,
        channel: payload.firebaseChannel,
        keySource: deps.keySource,
        now: clock(),
      });
    } catch (error) {
      if (error instanceof FirebaseTokenError) throw refused(error.reason);
      if (error instanceof FirebaseKeysUnavailableError) {
        throw new DomainError('SYSTEM_UPGRADING', { reason: 'FIREBASE_KEYS_UNAVAILABLE' });
      }
      throw error;
    }
  }

  /** The verified phone number as the merchant's dialing code and national number. */
  function phoneOf(merchant: Merchant, identity: FirebaseIdentity, payload: FirebaseLoginPayload) {
    const phoneNumber = identity.phoneNumber;
    if (!phoneNumber) throw refused('PHONE_MISSING');
    const register = merchant.info.register;
    if (payload.firebaseMobileNo?.trim()) {
      const given = normaliseMobile(payload.firebaseMobileNo, payload.countryDialingCode, register, {
        field: 'firebaseMobileNo',
        verifierField: 'loginMobileNum',
      });
      if (given.e164 !== phoneNumber) throw refused('PHONE_MISMATCH');
      return given;
    }
    const dialingCode = [...register.countryDialingCodes]
      .sort((left, right) => right.length - left.length)
      .find((code) => phoneNumber.startsWith(code));
    if (!dialingCode) throw new DomainError('MOBILE_FORMAT', { field: 'countryDialingCode' });
    return normaliseMobile(phoneNumber.slice(dialingCode.length), dialingCode, register, {
      field: 'firebaseMobileNo',
      verifierField: 'loginMobileNum',
    });
  }

  /** A new member for this identity, linked in the same transaction; undefined when every name was taken. */
  async function createMember(
    merchantCode: string,
    identity: FirebaseIdentity,
    mobile: MobileNumber | undefined,
    context: RequestContext,
    tx: DbOrTx,
  ): Promise<MemberRow> {
    const now = clock();
    const email = identity.verifiedEmail;
    const checkedEmail = email === undefined ? undefined : verifyField('email', email);
    for (let attempt = 0; attempt < USERNAME_TRIES; attempt += 1) {
      const username = `${USERNAME_PREFIX[identity.provider]}${randomDigits(10)}`;
      const row: NewMemberRow = {
        merchantCode,
        username,
        type: NEW_MEMBER_TYPE,
        passwordHash: null,
        countryDialingCode: mobile?.countryDialingCode ?? null,
        mobileNum: mobile?.mobileNum ?? null,
        email: checkedEmail?.ok ? (checkedEmail.value ?? null) : null,
        registerMethod: context.device === 'OTHERS' ? 'PWA' : 'H5',
        registerIp: context.ip,
        createdAt: now,
        updatedAt: now,
      };
      const created = await members.insert(row, tx);
      if (created) return created;
      // The number was registered meanwhile: that member owns it.
      if (mobile) {
        const owner = await members.findByMobile(
          merchantCode,
          mobile.countryDialingCode,
          mobile.mobileNum,
          tx,
        );
        if (owner) return owner;
      }
    }
    throw new Error(`Could not find a free quick-login username in ${USERNAME_TRIES} tries`);
  }

  /** The member of the identity: linked before, owner of the verified number, or created now. */
  async function loginIdentity(
    merchantCode: string,
    identity: FirebaseIdentity,
    mobile: MobileNumber | undefined,
    context: RequestContext,
  ): Promise<NewSession> {
    const { provider, subject } = identity;
    const linked = await identities.find(merchantCode, provider, subject);
    if (linked) {
      const member = await members.findById(linked.memberId);
      if (!member) throw new Error(`Identity ${linked.id} points at no member`);
      if (member.disabledAt) throw new DomainError('ACCOUNT_UNAVAILABLE');
      await deps.secondStep?.(member, 'social', context);
      return db.transaction(async (tx) => {
        await deps.checkLogin?.(member, tx);
        await identities.touch(linked.id, clock(), tx);
        return sessionService.create(member, context, { method: 'social', tx });
      });
    }
    // The owner of the verified number, when two-factor is on, gives a code before the identity is linked.
    const numberOwner = mobile
      ? await members.findByMobile(merchantCode, mobile.countryDialingCode, mobile.mobileNum)
      : undefined;
    if (numberOwner && !numberOwner.disabledAt) await deps.secondStep?.(numberOwner, 'social', context);
    return db.transaction(async (tx) => {
      const owner = mobile
        ? await members.findByMobile(merchantCode, mobile.countryDialingCode, mobile.mobileNum, tx)
        : undefined;
      const member = owner ?? (await createMember(merchantCode, identity, mobile, context, tx));
      if (member.disabledAt) throw new DomainError('ACCOUNT_UNAVAILABLE');
      const now = clock();
      const link = await identities.insert(
        { merchantCode, provider, subject, memberId: member.id, createdAt: now, lastLoginAt: now },
        tx,
      );
      if (!link) throw new IdentityLinkedMeanwhile();
      await deps.checkLogin?.(member, tx);
      return sessionService.create(member, context, { method: 'social', tx });
    });
  }

  return {
    /** Whether FIREBASE_PROJECT_ID is set. */
    enabled: deps.projectId !== undefined,

    async login(
      merchant: Merchant,
      payload: FirebaseLoginPayload,
      context: RequestContext,
    ): Promise<NewSession> {
      const projectId = deps.projectId;
      if (projectId === undefined) {
        throw new DomainError('FEATURE_NOT_ENABLED', { reason: 'FIREBASE_LOGIN_UNAVAILABLE' });
      }
      const { toggle, reason } = TOGGLE_OF_CHANNEL[payload.firebaseChannel];
      if (!merchant.toggles[toggle]) throw new DomainError('FEATURE_NOT_ENABLED', { reason });

      const identity = await verify(projectId, payload);
      const mobile = identity.provider === 'phone' ? phoneOf(merchant, identity, payload) : undefined;
      try {
        return await loginIdentity(merchant.code, identity, mobile, context);
      } catch (error) {
        if (!(error instanceof IdentityLinkedMeanwhile)) throw error;
        return loginIdentity(merchant.code, identity, mobile, context);
      }
    },
  };
}

export type FirebaseLoginService = ReturnType<typeof createFirebaseLoginService>;
