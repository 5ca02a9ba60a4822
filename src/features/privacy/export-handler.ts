import { apiError } from '~/lib/http/json.ts';
import { createZip, type ZipEntry } from '~/lib/zip/zip.ts';
import {
  asMember,
  bearer,
  isUnauthorized,
  type PrivacyDeps,
  type StoredFile,
  signInFirst,
  unreachable,
} from './backend.ts';

/** Files fetched at once from storage while building the zip. */
const PARALLEL = 4;

/** Where a stored file goes in the zip: `images/{bucket}/{name}`. */
const zipPathOf = (file: StoredFile) => `images/${file.bucket}/${file.name}`;

/**
 * POST /api/account/export: everything stored about the signed-in member as a zip: `data.json`
 * (public.export_my_data(), read with the member's own rights; shape in README "Your data") and
 * `images/` with their avatar and post images, fetched from storage with their own token.
 */
export async function handleExport(request: Request, deps: PrivacyDeps): Promise<Response> {
  const jwt = bearer(request);
  if (!jwt) return signInFirst();
  const call = asMember(deps, jwt);
  const res = await call('/rest/v1/rpc/export_my_data', { method: 'POST', body: {} });
  if (!res) return unreachable();
  if (!res.ok) {
    if (await isUnauthorized(res)) return signInFirst();
    return apiError(502, 'backend_error', 'Your data could not be read.');
  }
  const data = (await res.json()) as { files?: StoredFile[]; exported_at?: string };
  const files = Array.isArray(data.files) ? data.files : [];
  const entries: ZipEntry[] = [];
  const listed: Array<StoredFile & { path: string | null }> = [];
  for (let i = 0; i < files.length; i += PARALLEL) {
    const batch = files.slice(i, i + PARALLEL);
    const bodies = await Promise.all(
      batch.map(async (file) => {
        const got = await call(
          `/storage/v1/object/authenticated/${encodeURIComponent(file.bucket)}/${file.name.split('/').map(encodeURIComponent).join('/')}`,
        );
        return got?.ok ? new Uint8Array(await got.arrayBuffer()) : null;
      }),
    );
    batch.forEach((file, j) => {
      const body = bodies[j];
      listed.push({ ...file, path: body ? zipPathOf(file) : null });
      if (body) entries.push({ name: zipPathOf(file), data: body });
    });
  }
  const json = new TextEncoder().encode(`${JSON.stringify({ ...data, files: listed }, null, 2)}\n`);
  const zip = createZip([{ name: 'data.json', data: json }, ...entries]);
  const day = (data.exported_at ?? new Date().toISOString()).slice(0, 10);
  return new Response(zip as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="my-data-${day}.zip"`,
      'cache-control': 'no-store',
    },
  });
}
