/** For tests of other features that log in: forget the cached login key between tests. */
export { resetLoginKeyCache } from '../api/get-login-key.ts';
