import { describe, expect, it } from 'vitest';
import { toErrorCode } from '../../src/lib/supabase/errors.ts';
import { actor, freshUser, newClient, USERS } from './helpers.ts';

const png = () =>
  new Blob([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3])], { type: 'image/png' });
const name = () => `${Date.now()}-${crypto.randomUUID().slice(0, 8)}.png`;

describe('storage policies through supabase-js', () => {
  it('a member uploads to their own folder and the public URL serves the file', async () => {
    const { db, id } = await freshUser();
    const path = `${id}/${name()}`;
    const { data, error } = await db.storage
      .from('post-images')
      .upload(path, png(), { cacheControl: '3600' });
    expect(error).toBeNull();
    expect(data?.path).toBe(path);
    const url = db.storage.from('post-images').getPublicUrl(path).data.publicUrl;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await res.arrayBuffer())[1]).toBe(80);
    expect((await fetch(url, { method: 'HEAD' })).status).toBe(200);
  });

  it("upload into another member's folder is denied", async () => {
    const { db } = await freshUser();
    const { error } = await db.storage.from('post-images').upload(`${USERS.memberA.id}/${name()}`, png());
    expect(toErrorCode(error)).toBe('forbidden');
  });

  it('upload outside any user folder is denied', async () => {
    const { db } = await freshUser();
    const { error } = await db.storage.from('user-avatars').upload(name(), png());
    expect(error).not.toBeNull();
  });

  it('anonymous upload is denied', async () => {
    const { error } = await newClient()
      .storage.from('post-images')
      .upload(`${USERS.memberA.id}/${name()}`, png());
    expect(error).not.toBeNull();
  });

  it('avatars overwrite with upsert; without upsert a second upload is refused', async () => {
    const { db, id } = await freshUser();
    const path = `${id}/avatar.png`;
    expect((await db.storage.from('user-avatars').upload(path, png(), { upsert: true })).error).toBeNull();
    expect((await db.storage.from('user-avatars').upload(path, png(), { upsert: true })).error).toBeNull();
    expect((await db.storage.from('user-avatars').upload(path, png())).error).not.toBeNull();
  });

  it('blog_images and mockups take uploads from admins only', async () => {
    const member = await actor('memberA');
    const admin = await actor('admin');
    expect((await member.db.storage.from('blog_images').upload(name(), png())).error).not.toBeNull();
    expect((await member.db.storage.from('mockups').upload(`gid-1/${name()}`, png())).error).not.toBeNull();
    expect((await admin.db.storage.from('blog_images').upload(name(), png())).error).toBeNull();
    expect((await admin.db.storage.from('mockups').upload(`gid-1/${name()}`, png())).error).toBeNull();
  });

  it("a member cannot delete another member's file", async () => {
    const owner = await freshUser();
    const path = `${owner.id}/${name()}`;
    await owner.db.storage.from('post-images').upload(path, png());
    const { db } = await freshUser();
    const { data } = await db.storage.from('post-images').remove([path]);
    expect(data).toEqual([]);
    expect((await fetch(owner.db.storage.from('post-images').getPublicUrl(path).data.publicUrl)).status).toBe(
      200,
    );
    expect((await owner.db.storage.from('post-images').remove([path])).data).toHaveLength(1);
  });

  it('seeded avatars are served publicly', async () => {
    const db = newClient();
    const url = db.storage.from('user-avatars').getPublicUrl(`${USERS.memberA.id}/avatar.svg`).data.publicUrl;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
  });
});
