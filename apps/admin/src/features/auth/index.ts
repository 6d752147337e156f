export { LoginScreen } from './login-screen.tsx';
export { useSignOut } from './use-sign-out.ts';
