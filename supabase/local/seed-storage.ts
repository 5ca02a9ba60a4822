import { cp, readdir } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import type pg from 'pg';
import { DEFAULT_GATEWAY_PORT } from './keys.ts';
import { SUPABASE_DIR } from './migrate.ts';
import { objectPath } from './storage-http.ts';

const MIME: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
};

/**
 * Puts supabase/seed-assets/<bucket>/<path> into local storage (files plus storage.objects
 * rows), and points seeded image URLs at this stack when it does not run on the default port.
 */
export async function seedStorage(db: pg.Client, dataDir: string, publicUrl: string): Promise<void> {
  const assets = join(SUPABASE_DIR, 'seed-assets');
  const files = (await readdir(assets, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  for (const entry of files) {
    const full = join(entry.parentPath, entry.name);
    const [bucket, ...rest] = relative(assets, full).split('/');
    const name = rest.join('/');
    if (!bucket || !name) continue;
    await cp(full, objectPath(dataDir, bucket, name));
    const folder = rest[0] ?? '';
    const owner = /^[0-9a-f-]{36}$/.test(folder) && rest.length > 1 ? folder : null;
    await db.query(
      `insert into storage.objects (bucket_id, name, owner, owner_id, metadata) values ($1, $2, $3::uuid, $3::text, $4)
       on conflict (bucket_id, name) do nothing`,
      [
        bucket,
        name,
        owner,
        JSON.stringify({
          mimetype: MIME[extname(name)] ?? 'application/octet-stream',
          cacheControl: 'max-age=3600',
        }),
      ],
    );
  }
  const defaultUrl = `http://127.0.0.1:${DEFAULT_GATEWAY_PORT}`;
  if (publicUrl !== defaultUrl) {
    await db.query(
      `update public.profiles set avatar_url = replace(avatar_url, $1, $2) where avatar_url like $1 || '%'`,
      [defaultUrl, publicUrl],
    );
    await db.query(
      `update public.posts set image_url = replace(image_url, $1, $2) where image_url like $1 || '%'`,
      [defaultUrl, publicUrl],
    );
    await db.query(
      `update public.blog_posts set image_url = replace(image_url, $1, $2), image_public_url = replace(image_public_url, $1, $2)
        where image_url like $1 || '%' or image_public_url like $1 || '%'`,
      [defaultUrl, publicUrl],
    );
    await db.query(
      `update public.previews set draft_content = jsonb_set(draft_content, '{image}', to_jsonb(replace(draft_content ->> 'image', $1, $2)))
        where draft_content ->> 'image' like $1 || '%'`,
      [defaultUrl, publicUrl],
    );
  }
}
