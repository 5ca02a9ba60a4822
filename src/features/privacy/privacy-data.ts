import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';

/** What an action of /account/data came to: done, or an error code to translate. */
export type Outcome = { ok: true } | { ok: false; code: string };

/** Codes with a text of their own (`privacy.error.*`); others go through errorText(). */
const PRIVACY_ERRORS = ['confirmation_mismatch', 'last_admin', 'files_left', 'files_not_deleted'] as const;
export type PrivacyError = (typeof PRIVACY_ERRORS)[number];
export const isPrivacyError = (code: string): code is PrivacyError =>
  (PRIVACY_ERRORS as readonly string[]).includes(code);

async function post(db: TypedSupabaseClient, path: string, body?: unknown): Promise<Response | Outcome> {
  const token = (await db.auth.getSession()).data.session?.access_token;
  if (!token) return { ok: false, code: 'unauthorized' };
  try {
    return await fetch(path, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    return { ok: false, code: 'network' };
  }
}

async function failure(res: Response): Promise<Outcome> {
  const body = (await res.json().catch(() => null)) as { error?: { code?: unknown } } | null;
  const code = body?.error?.code;
  return {
    ok: false,
    code: typeof code === 'string' ? code : res.status >= 500 ? 'server_error' : 'unknown',
  };
}

/** The file name the server suggests (`content-disposition`), or a plain one. */
export function downloadName(disposition: string | null): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'my-data.zip';
}

/** Asks the server for the zip of everything about the member and hands it to the browser as a download. */
export async function downloadMyData(db: TypedSupabaseClient, exportPath: string): Promise<Outcome> {
  const res = await post(db, exportPath);
  if (!(res instanceof Response)) return res;
  if (!res.ok) return failure(res);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = downloadName(res.headers.get('content-disposition'));
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { ok: true };
}

/** Deletes the member's account (the server checks the typed address), then ends the local session. */
export async function deleteMyAccount(
  db: TypedSupabaseClient,
  deletePath: string,
  confirmation: string,
): Promise<Outcome> {
  const res = await post(db, deletePath, { confirmation });
  if (!(res instanceof Response)) return res;
  if (!res.ok) return failure(res);
  // The user is gone on the server; only this browser's copy of the session is left to drop.
  await db.auth.signOut({ scope: 'local' }).catch(() => undefined);
  return { ok: true };
}
