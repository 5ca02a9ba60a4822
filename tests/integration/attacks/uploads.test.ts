import { chromium } from '@playwright/test';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testChromiumPath } from '../../chromium-path.ts';
import { newClient, serviceClient, url } from '../helpers.ts';

/**
 * Class 2: uploads served as active content. Every bucket (discovered through the Storage API)
 * is attacked with every type a browser can run, over both upload encodings Storage accepts.
 */
const DANGEROUS: Record<string, string> = {
  'text/html': '<script>alert(document.domain)</script>',
  'application/xhtml+xml': '<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>',
  'image/svg+xml': '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  'text/xml': '<x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>',
  'application/xml': '<x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>',
  'application/javascript': 'alert(1)',
  'text/javascript': 'alert(1)',
};
const PNG = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 0]);
const name = (ext: string) => `${crypto.randomUUID()}/${Date.now()}.${ext}`;

type Bucket = {
  id: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
};
let buckets: Bucket[] = [];
let db: pg.Client;

beforeAll(async () => {
  const { data, error } = await serviceClient().storage.listBuckets();
  if (error) throw error;
  buckets = data as unknown as Bucket[];
  db = new pg.Client({ connectionString: inject('supabaseDbUrl') });
  await db.connect();
});
afterAll(() => db?.end());

describe('upload limits per bucket', () => {
  it('discovers the buckets (positive control)', () => {
    expect(buckets.map((b) => b.id)).toEqual(expect.arrayContaining(['post-images', 'user-avatars']));
  });

  it('every bucket declares its allowed MIME types and a size limit', () => {
    const open = buckets.filter((b) => !b.allowed_mime_types?.length || !b.file_size_limit).map((b) => b.id);
    expect(open).toEqual([]);
  });

  it("every bucket refuses every active type, multipart and raw, with Storage's 415 error", async () => {
    const accepted: string[] = [];
    for (const bucket of buckets) {
      for (const [type, body] of Object.entries(DANGEROUS)) {
        // The service role passes every policy, so only the type check can refuse.
        const multipart = await serviceClient()
          .storage.from(bucket.id)
          .upload(name('png'), new Blob([body], { type }));
        if (!multipart.error) accepted.push(`${bucket.id} ${type} multipart`);
        else expect(multipart.error.message).toBe(`mime type ${type} is not supported`);
        const raw = await fetch(`${url()}/storage/v1/object/${bucket.id}/${name('png')}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${inject('supabaseServiceKey')}`, 'content-type': type },
          body,
        });
        if (raw.ok) accepted.push(`${bucket.id} ${type} raw`);
        else {
          expect(raw.status).toBe(400);
          expect(await raw.json()).toMatchObject({ statusCode: '415', error: 'invalid_mime_type' });
        }
      }
    }
    expect(accepted).toEqual([]);
  });

  it('every bucket takes an allowed image and refuses one over its size limit', async () => {
    for (const bucket of buckets) {
      const ok = await serviceClient()
        .storage.from(bucket.id)
        .upload(name('png'), new Blob([PNG], { type: 'image/png' }));
      expect(ok.error, bucket.id).toBeNull();
      const big = new Uint8Array((bucket.file_size_limit ?? 0) + 1);
      big.set(PNG);
      const tooBig = await serviceClient()
        .storage.from(bucket.id)
        .upload(name('png'), new Blob([big], { type: 'image/png' }));
      expect(tooBig.error?.message, bucket.id).toBe('The object exceeded the maximum allowed size');
    }
  });
});

describe('serving stored objects', () => {
  const bucket = `attack-${Date.now()}`;
  beforeAll(async () => {
    // A public bucket without limits, as an object stored before the limits existed would be.
    await db.query('insert into storage.buckets (id, name, public) values ($1, $1, true)', [bucket]);
  });
  afterAll(async () => {
    // Storage refuses plain SQL deletes unless the transaction says it is Storage itself.
    await db.query('begin');
    await db.query("select set_config('storage.allow_delete_query', 'true', true)");
    await db.query('delete from storage.objects where bucket_id = $1', [bucket]);
    await db.query('delete from storage.buckets where id = $1', [bucket]);
    await db.query('commit');
  });

  it('never serves a type that can run script inline, and always with nosniff and a sandboxing CSP', async () => {
    for (const [type, body] of Object.entries(DANGEROUS)) {
      const path = name('bin');
      const { error } = await serviceClient()
        .storage.from(bucket)
        .upload(path, new Blob([body], { type }));
      expect(error).toBeNull();
      const res = await fetch(newClient().storage.from(bucket).getPublicUrl(path).data.publicUrl);
      expect(res.status, type).toBe(200);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
      expect(res.headers.get('content-disposition'), type).toMatch(/^attachment/);
    }
  });

  it('serves images inline, with nosniff and the CSP', async () => {
    const path = name('png');
    await serviceClient()
      .storage.from(bucket)
      .upload(path, new Blob([PNG], { type: 'image/png' }));
    const res = await fetch(newClient().storage.from(bucket).getPublicUrl(path).data.publicUrl);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/sandbox/);
  });

  it('a missing object is a 404 that Chromium accepts for <img> (no ORB block), JSON for API calls', async () => {
    const missing = newClient().storage.from('mockups').getPublicUrl('no-such/1.png').data.publicUrl;
    const api = await fetch(missing);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ statusCode: '404', error: 'not_found' });

    const browser = await chromium.launch({
      executablePath: testChromiumPath(),
      args: ['--no-sandbox', '--disable-gpu'],
    });
    try {
      const page = await browser.newPage();
      const failures: string[] = [];
      const statuses: number[] = [];
      page.on('requestfailed', (r) => failures.push(r.failure()?.errorText ?? 'failed'));
      page.on('response', (r) => statuses.push(r.status()));
      await page.setContent(`<img id="m" src="${missing}" onerror="this.dataset.failed='1'">`);
      await page.waitForSelector('#m[data-failed="1"]');
      expect(failures).toEqual([]);
      expect(statuses).toContain(404);
    } finally {
      await browser.close();
    }
  });
});
