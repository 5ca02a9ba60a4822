/** The auth feature's own page: the sign-in form of /auth, for its page file only. */
export { default as AuthForm } from './AuthForm.tsx';
