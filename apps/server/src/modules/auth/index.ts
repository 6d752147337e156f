export { authRoutes } from './routes.ts';
export {
  createFirebaseIdentityRepository,
  type FirebaseIdentityRepository,
} from './firebase-identity-repository.ts';
export {
  createHttpFirebaseKeySource,
  type FirebaseCertificates,
  type FirebaseKeySource,
  FirebaseKeysUnavailableError,
} from './firebase-keys.ts';
export { createFirebaseLoginService, type FirebaseLoginService } from './firebase-login-service.ts';
export { createLoginKeyService, type LoginKeyService } from './login-key-service.ts';
export { loginHistoryEntryOf } from './login-history.ts';
export { createLoginService, type LoginCheck, type LoginService, type SecondStep } from './login-service.ts';
export {
  checkNewPassword,
  createPasswordService,
  type PasswordService,
  queueResetEmail,
  resetEmailSentLately,
} from './password-service.ts';
export {
  createLoginAttemptRepository,
  createLoginKeyRepository,
  createPasswordResetRepository,
} from './repository.ts';
export { createSessionRepository, lastLoginOf, type SessionRepository } from './session-repository.ts';
export {
  createSessionService,
  type NewSession,
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
  type SessionService,
  toSessionInfo,
} from './session-service.ts';
export {
  createTwoFactorRepository,
  createTwoFactorService,
  normaliseRecoveryCode,
  TWO_FACTOR_ATTEMPTS,
  TWO_FACTOR_CHALLENGE_MS,
  type TwoFactorService,
} from './two-factor.ts';
