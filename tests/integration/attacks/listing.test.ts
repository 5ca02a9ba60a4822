import { describe, expect, it } from 'vitest';
import { actor, freshUser, newClient, serviceClient } from '../helpers.ts';

/**
 * Class 8: listing a public bucket must not enumerate members. For every public bucket, a file
 * in a fresh member's folder is served by URL to anyone, but only its owner lists it.
 */
const PNG = new Blob([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], { type: 'image/png' });

describe('listing public buckets', () => {
  it('only the owner lists a folder; the public URL still serves the file to anyone', async () => {
    const { data: buckets } = await serviceClient().storage.listBuckets();
    const publicBuckets = (buckets ?? []).filter((b) => b.public).map((b) => b.id);
    expect(publicBuckets).toEqual(expect.arrayContaining(['post-images', 'user-avatars']));
    const owner = await freshUser();
    const others = [await actor('anon'), await actor('memberB'), await freshUser()];
    const leaks: string[] = [];
    for (const bucket of publicBuckets) {
      const path = `${owner.id}/probe.png`;
      // Written as the service so that buckets members may not write to are covered too.
      const { error } = await serviceClient().storage.from(bucket).upload(path, PNG, { upsert: true });
      expect(error, bucket).toBeNull();
      const res = await fetch(newClient().storage.from(bucket).getPublicUrl(path).data.publicUrl);
      expect(res.status, bucket).toBe(200);
      for (const other of others) {
        const root = await other.db.storage.from(bucket).list('', { limit: 1000 });
        if (root.data?.some((e) => e.name === owner.id)) leaks.push(`${bucket} root`);
        const folder = await other.db.storage.from(bucket).list(owner.id);
        if (folder.data?.some((e) => e.name === 'probe.png')) leaks.push(`${bucket}/${owner.id}`);
      }
    }
    expect(leaks).toEqual([]);
    // Positive control: the owner sees their own file where members may write.
    const own = await owner.db.storage.from('post-images').list(owner.id);
    expect(own.data?.map((e) => e.name)).toContain('probe.png');
  });
});
