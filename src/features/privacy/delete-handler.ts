import { z } from 'zod';
import { apiError, json, readJsonBody } from '~/lib/http/json.ts';
import {
  asMember,
  bearer,
  isUnauthorized,
  type PrivacyDeps,
  type StoredFile,
  signInFirst,
  unreachable,
} from './backend.ts';

/** The body of POST /api/account/delete. @public: the attack suite reads every exported schema (tests/integration/attacks/endpoint-kit.ts). */
export const deleteBodySchema = z.object({ confirmation: z.string().trim().min(1).max(254) });

/** Whether the typed confirmation is the account's e-mail address (case and spaces aside). */
export function confirms(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase() && email.trim() !== '';
}

/**
 * POST /api/account/delete: erases the signed-in member after they typed their e-mail address.
 * Their files go first, through the Storage API with their own token; then
 * public.delete_my_account() (which refuses while a file is left) pseudonymises their newsletter
 * proof and deletes the auth user, and everything of theirs cascades.
 */
const lastAdmin = () => apiError(409, 'last_admin', 'You are the only admin: name another admin first.');

export async function handleDelete(request: Request, deps: PrivacyDeps): Promise<Response> {
  const jwt = bearer(request);
  if (!jwt) return signInFirst();
  const parsed = await readJsonBody(request, deleteBodySchema, { maxBytes: 2_000 });
  if (!parsed.ok) return parsed.response;
  const call = asMember(deps, jwt);

  const user = await call('/auth/v1/user');
  if (!user) return unreachable();
  if (!user.ok) return (await isUnauthorized(user)) || user.status === 403 ? signInFirst() : unreachable();
  const { email } = (await user.json()) as { email?: string };
  if (!confirms(parsed.data.confirmation, email ?? '')) {
    return apiError(422, 'confirmation_mismatch', 'Type the e-mail address of your account to confirm.');
  }

  // Refused before any file goes (the deletion itself checks again, in its transaction).
  const blocker = await call('/rest/v1/rpc/my_account_deletion_blocker', { method: 'POST', body: {} });
  if (!blocker) return unreachable();
  if (!blocker.ok) return (await isUnauthorized(blocker)) ? signInFirst() : unreachable();
  if ((await blocker.json()) === 'privacy_last_admin') return lastAdmin();

  const listed = await call('/rest/v1/rpc/my_files', { method: 'POST', body: {} });
  if (!listed) return unreachable();
  if (!listed.ok) return (await isUnauthorized(listed)) ? signInFirst() : unreachable();
  const files = (await listed.json()) as StoredFile[];
  const byBucket = new Map<string, string[]>();
  for (const file of files) byBucket.set(file.bucket, [...(byBucket.get(file.bucket) ?? []), file.name]);
  for (const [bucket, names] of byBucket) {
    const removed = await call(`/storage/v1/object/${encodeURIComponent(bucket)}`, {
      method: 'DELETE',
      body: { prefixes: names },
    });
    if (!removed?.ok)
      return apiError(502, 'files_not_deleted', 'Your files could not be deleted; nothing else was.');
  }

  const erased = await call('/rest/v1/rpc/delete_my_account', { method: 'POST', body: {} });
  if (!erased) return unreachable();
  if (!erased.ok) {
    const body = (await erased.json().catch(() => ({}))) as { message?: string };
    if (body.message === 'privacy_last_admin') return lastAdmin();
    if (body.message === 'privacy_files_left')
      return apiError(409, 'files_left', 'Some of your files are still stored; try again.');
    if (await isUnauthorized(erased)) return signInFirst();
    return apiError(502, 'backend_error', 'Your account could not be deleted.');
  }
  return json({ deleted: true });
}
