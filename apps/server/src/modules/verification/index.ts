export { type CaptchaService, createCaptchaService } from './captcha-service.ts';
export { type MobileNumber, normaliseMobile } from './mobile.ts';
export { createCaptchaRepository, createSmsCodeRepository } from './repository.ts';
export { verificationRoutes } from './routes.ts';
export { createVerificationService, type VerificationService } from './service.ts';
export { createSmsService, type SmsPurpose, type SmsService } from './sms-service.ts';
