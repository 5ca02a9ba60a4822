import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshUser } from './helpers.ts';

/**
 * Issue 13, class 9 (storage): the storage-js calls Supabase documents work locally, under the
 * same policies: signed URLs, signed upload URLs, list, listV2, info and exists.
 */
const PNG = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 7, 7]);
const png = () => new Blob([PNG], { type: 'image/png' });
type Member = Awaited<ReturnType<typeof freshUser>>;
let owner: Member;
let other: Member;
let path: string;

beforeAll(async () => {
  owner = await freshUser();
  other = await freshUser();
  path = `${owner.id}/photo.png`;
  const { error } = await owner.db.storage.from('post-images').upload(path, png());
  if (error) throw error;
});

describe('signed URLs', () => {
  it('the owner signs a URL that serves the file without credentials', async () => {
    const { data, error } = await owner.db.storage.from('post-images').createSignedUrl(path, 60);
    expect(error).toBeNull();
    const res = await fetch(data?.signedUrl ?? '');
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('another member cannot sign it; batches sign only what the caller may read', async () => {
    const single = await other.db.storage.from('post-images').createSignedUrl(path, 60);
    expect(single.error).not.toBeNull();
    const own = `${other.id}/mine.png`;
    await other.db.storage.from('post-images').upload(own, png());
    const { data } = await other.db.storage.from('post-images').createSignedUrls([own, path], 60);
    expect(data?.[0]?.signedUrl).toBeTruthy();
    expect(data?.[1]?.signedUrl).toBeNull();
    expect(data?.[1]?.error).toBeTruthy();
  });

  it('a token for another object, an expired or forged token is refused', async () => {
    const { data } = await owner.db.storage.from('post-images').createSignedUrl(path, 60);
    const signed = new URL(data?.signedUrl ?? '');
    const elsewhere = new URL(signed);
    elsewhere.pathname = elsewhere.pathname.replace('photo.png', 'other.png');
    expect((await fetch(elsewhere)).status).toBe(400);
    const secret = new TextEncoder().encode('super-secret-jwt-token-with-at-least-32-characters-long');
    const expired = await new SignJWT({ url: `post-images/${path}`, scope: 'download' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(1_700_000_000)
      .setExpirationTime(1_700_000_060)
      .sign(secret);
    signed.searchParams.set('token', expired);
    const res = await fetch(signed);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'ExpiredToken' });
    signed.searchParams.set('token', `${expired.slice(0, -4)}AAAA`);
    expect((await fetch(signed)).status).toBe(400);
  });
});

describe('signed upload URLs', () => {
  it('the owner gets one for their folder and uploadToSignedUrl stores the file', async () => {
    const target = `${owner.id}/signed-${Date.now()}.png`;
    const { data, error } = await owner.db.storage.from('post-images').createSignedUploadUrl(target);
    expect(error).toBeNull();
    const up = await owner.db.storage.from('post-images').uploadToSignedUrl(target, data?.token ?? '', png());
    expect(up.error).toBeNull();
    expect(up.data?.fullPath).toBe(`post-images/${target}`);
    const res = await fetch(owner.db.storage.from('post-images').getPublicUrl(target).data.publicUrl);
    expect(res.status).toBe(200);
  });

  it("no signed upload URL for another member's folder; the bucket's types still apply", async () => {
    const foreign = await other.db.storage.from('post-images').createSignedUploadUrl(`${owner.id}/x.png`);
    expect(foreign.error).not.toBeNull();
    const target = `${owner.id}/page-${Date.now()}.png`;
    const { data } = await owner.db.storage.from('post-images').createSignedUploadUrl(target);
    const html = new Blob(['<script>alert(1)</script>'], { type: 'text/html' });
    const up = await owner.db.storage.from('post-images').uploadToSignedUrl(target, data?.token ?? '', html);
    expect(up.error?.message).toBe('mime type text/html is not supported');
  });
});

describe('list, listV2, info and exists', () => {
  it('the owner lists and inspects their file; another member sees nothing', async () => {
    const list = await owner.db.storage.from('post-images').list(owner.id);
    expect(list.data?.map((e) => e.name)).toContain('photo.png');
    const v2 = await owner.db.storage.from('post-images').listV2({ prefix: `${owner.id}/` });
    expect(v2.error).toBeNull();
    expect(v2.data?.objects.map((o) => o.name)).toContain(path);
    const folders = await owner.db.storage.from('post-images').listV2({ prefix: '', with_delimiter: true });
    expect(folders.data?.folders.map((f) => f.name)).toEqual([`${owner.id}/`]);
    const info = await owner.db.storage.from('post-images').info(path);
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({ name: path, size: PNG.length, contentType: 'image/png' });
    expect((await owner.db.storage.from('post-images').exists(path)).data).toBe(true);

    const seen = await other.db.storage.from('post-images').listV2({ prefix: `${owner.id}/` });
    expect(seen.data?.objects ?? []).toEqual([]);
    expect((await other.db.storage.from('post-images').info(path)).error).not.toBeNull();
  });

  it('listV2 pages with a cursor', async () => {
    for (const n of [1, 2, 3])
      await owner.db.storage.from('post-images').upload(`${owner.id}/page/${n}.png`, png());
    const first = await owner.db.storage
      .from('post-images')
      .listV2({ prefix: `${owner.id}/page/`, limit: 2 });
    expect(first.data?.objects).toHaveLength(2);
    expect(first.data?.hasNext).toBe(true);
    const next = await owner.db.storage
      .from('post-images')
      .listV2({ prefix: `${owner.id}/page/`, limit: 2, cursor: first.data?.nextCursor ?? '' });
    expect(next.data?.objects.map((o) => o.name)).toEqual([`${owner.id}/page/3.png`]);
    expect(next.data?.hasNext).toBe(false);
  });
});
