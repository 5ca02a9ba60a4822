/** The auth feature's public entry: browser-safe logic, stores and types that other features, layouts and pages may use. */

export { setFlash } from './flash.ts';
export { MIN_PASSWORD_LENGTH, newPasswordProblem } from './password-rules.ts';
export { needsRefresh, readStoredSession } from './session.ts';
export { $auth, type Role } from './store.ts';
