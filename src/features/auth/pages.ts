/** The auth feature's own pages: the sign-in form of /auth and the password reset of /auth/reset, for their page files only. */
export { default as AuthForm } from './AuthForm.tsx';
export { default as ResetPassword } from './ResetPassword.tsx';
