import type { Role } from './store.ts';

/*
 * What the gate of a signed-in page decides with (useGate). The sign-in form's return address is
 * checked in ./next-path.ts: a file of its own, so the gated pages' code never shares a file with
 * the sign-in and password forms' code.
 */

/** The sign-in address that brings the visitor back to `current` (path + search + hash). */
export function signInUrl(authPath: string, current: string): string {
  return `${authPath}?next=${encodeURIComponent(current)}`;
}

/** Whether a role may open a page that requires `required` (no requirement: any signed-in role). */
export function roleAllows(role: Role, required: Role | Role[] | undefined): boolean {
  if (!required) return true;
  return (Array.isArray(required) ? required : [required]).includes(role);
}
