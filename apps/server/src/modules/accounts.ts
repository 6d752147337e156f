import type { FastifyInstance } from 'fastify';
import { isTrialMember, SESSION_IDLE_MINUTES } from '@kl/contracts/accounts';
import type { Clock } from '../platform/clock.ts';
import { type AppConfig, firebaseWebSettings } from '../platform/config.ts';
import type { Db, DbOrTx } from '../platform/db.ts';
import { createMemberGuards, createSessionCookies, type MemberGuards } from '../platform/member-guard.ts';
import type { OutboxSender } from '../platform/outbox.ts';
import type { SecretBox } from '../platform/secret-box.ts';
import {
  authRoutes,
  checkNewPassword,
  createFirebaseIdentityRepository,
  createFirebaseLoginService,
  createHttpFirebaseKeySource,
  createLoginAttemptRepository,
  createLoginKeyRepository,
  createLoginKeyService,
  createLoginService,
  createPasswordResetRepository,
  createPasswordService,
  createSessionRepository,
  createSessionService,
  createTwoFactorService,
  type FirebaseKeySource,
  type LoginCheck,
} from './auth/index.ts';
import { createInboxRepository } from './content/index.ts';
import { createMerchantRepository, type MerchantService } from './merchant/index.ts';
import {
  createContactsService,
  createEmailTokenRepository,
  createMemberRepository,
  createMemberService,
  type MemberRow,
  memberRoutes,
} from './member/index.ts';
import { createRegisterRepository, createRegisterService, registerRoutes } from './register/index.ts';
import {
  createCaptchaRepository,
  createCaptchaService,
  createSmsCodeRepository,
  createSmsService,
  createVerificationService,
  verificationRoutes,
} from './verification/index.ts';

/**
 * The accounts modules wired together (product.md §2–§7 register, login, trial, logout, passwords): their
 * services, the member guards later modules reuse, and one `register` that adds their routes.
 */
export function createAccountsModules(deps: {
  db: Db;
  config: AppConfig;
  merchantService: MerchantService;
  clock: Clock;
  outbox: OutboxSender;
  /** Seals the members' TOTP secrets (docs/decisions/034-secrets-at-rest.md). */
  secrets: SecretBox;
  /** Firebase's signing certificates; by default fetched from FIREBASE_CERTS_URL. */
  firebaseKeySource?: FirebaseKeySource | undefined;
  /** Runs inside the transaction that creates a trial member (the wallet's demo credit). */
  onTrialMember?: ((member: MemberRow, tx: DbOrTx) => Promise<void>) | undefined;
  /** Runs inside the registration transaction: an agent's link attaches the new member (answers its type). */
  attachMember?:
    ((member: MemberRow, affiliateCode: string | null, tx: DbOrTx) => Promise<number>) | undefined;
  /** Refuses a login whose credentials were right but whose member may not log in now (a time-out). */
  checkLogin?: LoginCheck | undefined;
  /** The member's VIP level for member info (clubLabel.labelName). */
  vipLevelOf?: ((merchantCode: string, memberId: string) => Promise<number>) | undefined;
  /** The interval of the member's reality check for member info (0: none). */
  realityCheckOf?: ((memberId: string) => Promise<number>) | undefined;
}) {
  const { db, config, merchantService, clock, outbox } = deps;
  const merchantCode = config.merchantCode;
  const members = createMemberRepository(db);
  const attempts = createLoginAttemptRepository(db);
  const inbox = createInboxRepository(db);
  const merchantRepository = createMerchantRepository(db);
  const sessionService = createSessionService({
    sessions: createSessionRepository(db),
    clock,
    attempts,
    notify: (member, notice, tx) =>
      inbox.insertMessage(member.merchantCode, member.id, { ...notice, sentAt: clock() }, tx),
    // In the caller's transaction: a registration starts its session inside one.
    idleMinutesOf: async (code, tx) =>
      (await merchantRepository.findByCode(code, tx))?.sessionIdleMinutes ?? SESSION_IDLE_MINUTES.default,
  });
  const cookies = createSessionCookies({ secure: config.nodeEnv === 'production', clock });
  const guards: MemberGuards = createMemberGuards({
    resolveSession: (token) => sessionService.resolve(token),
    cookies,
    isTrial: isTrialMember,
  });
  const captchaService = createCaptchaService({ db, captchas: createCaptchaRepository(db), outbox, clock });
  const smsService = createSmsService({ db, smsCodes: createSmsCodeRepository(db), outbox, clock });
  const verificationService = createVerificationService({ merchantService, members, smsService });
  const twoFactorService = createTwoFactorService({
    db,
    clock,
    secrets: deps.secrets,
    merchantService,
    members,
    attempts,
    sessionService,
    checkLogin: deps.checkLogin,
  });
  const secondStep = twoFactorService.requireSecondStep;
  const firebaseLogin = createFirebaseLoginService({
    db,
    clock,
    projectId: config.firebaseProjectId,
    keySource: deps.firebaseKeySource ?? createHttpFirebaseKeySource({ url: config.firebaseCertsUrl, clock }),
    members,
    identities: createFirebaseIdentityRepository(db),
    sessionService,
    checkLogin: deps.checkLogin,
    secondStep,
  });
  const registerService = createRegisterService({
    db,
    clock,
    merchantService,
    members,
    registerRepository: createRegisterRepository(db),
    captchaService,
    smsService,
    sessionService,
    firebaseWeb: firebaseWebSettings(config),
    firebasePhoneAuth: config.firebasePhoneAuth,
    attachMember: deps.attachMember,
  });
  const loginKeyService = createLoginKeyService({ loginKeys: createLoginKeyRepository(db) });
  const loginService = createLoginService({
    db,
    clock,
    merchantService,
    members,
    attempts,
    captchaService,
    smsService,
    sessionService,
    firebaseLogin,
    onTrialMember: deps.onTrialMember,
    checkLogin: deps.checkLogin,
    secondStep,
  });
  const passwordService = createPasswordService({
    db,
    clock,
    merchantService,
    members,
    resets: createPasswordResetRepository(db),
    captchaService,
    smsService,
    sessionService,
    outbox,
  });
  const memberService = createMemberService({
    db,
    clock,
    members,
    sessions: sessionService,
    checkNewPassword,
    vipLevelOf: deps.vipLevelOf,
    realityCheckOf: deps.realityCheckOf,
  });
  const contactsService = createContactsService({
    db,
    clock,
    members,
    tokens: createEmailTokenRepository(db),
    outbox,
    merchantService,
    smsService,
    sessions: sessionService,
    notify: (member, notice, tx) =>
      inbox.insertMessage(member.merchantCode, member.id, { ...notice, sentAt: clock() }, tx),
  });

  return {
    guards,
    sessionService,
    memberService,
    twoFactorService,
    async register(api: FastifyInstance): Promise<void> {
      await api.register(verificationRoutes, { captchaService, verificationService, merchantCode });
      await api.register(registerRoutes, { registerService, cookies, merchantCode });
      await api.register(authRoutes, {
        loginKeyService,
        loginService,
        passwordService,
        sessionService,
        twoFactorService,
        cookies,
        guards,
        merchantCode,
      });
      await api.register(memberRoutes, { memberService, contactsService, guards });
    },
  };
}
