export { ChangePasswordButton } from './change-password-modal.tsx';
export { InvitationScreen } from './invitation-screen.tsx';
export { LoginScreen } from './login-screen.tsx';
export { useSignOut } from './use-sign-out.ts';
