import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  LOCAL_STOREFRONT_TOKEN,
  type LocalStore,
  startLocalStore,
} from '../../src/lib/storefront/local/server.ts';
import { astroBuild, nodeBuild } from './helpers-build.ts';

/*
 * Issue 12: SHOPIFY_STORE_DOMAIN pointed at the local store over HTTP builds the same site as the
 * in-process local catalog: two node builds, every file of the static output compared. The
 * in-process one is the node build the integration tests share (helpers-build.ts: built without
 * any store setting); the one over HTTP is made here with the same environment plus the store.
 */
const PORT = Number(process.env.STORE_BUILD_TEST_PORT ?? 21640);
const OUT = '.e2e-data/store-build';
let store: LocalStore;
let hits = 0;

async function files(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(join(dir, prefix), { withFileTypes: true })) {
    const path = join(prefix, entry.name);
    if (entry.isDirectory()) out.push(...(await files(dir, path)));
    else out.push(path);
  }
  return out.sort();
}

beforeAll(async () => {
  store = await startLocalStore({ port: PORT });
  store.server.on('request', () => hits++);
  await rm(OUT, { recursive: true, force: true });
});
afterAll(async () => {
  await store.close();
  await rm(OUT, { recursive: true, force: true });
});

describe('the build over HTTP from the local store', () => {
  it('renders the same site as the in-process catalog', { timeout: 600_000 }, async () => {
    const shared = await nodeBuild(inject('supabaseUrl'));
    expect(shared.env['SHOPIFY_STORE_DOMAIN']).toBeUndefined();
    const localDir = join(shared.dir, 'client');
    await astroBuild(`${OUT}/http`, {
      ...shared.env,
      SHOPIFY_STORE_DOMAIN: `127.0.0.1:${PORT}`,
      SHOPIFY_STOREFRONT_ACCESS_TOKEN: LOCAL_STOREFRONT_TOKEN,
    });
    expect(hits).toBeGreaterThan(20);

    const local = await files(localDir);
    const http = await files(`${OUT}/http/client`);
    expect(http).toEqual(local);
    const pages = local.filter((f) => f.endsWith('.html'));
    // Shop pages in three languages are among them.
    for (const page of ['shop/index.html', 'en/shop/index.html', 'de/product/chosen-ones-hoodie/index.html'])
      expect(pages).toContain(page);
    const different: string[] = [];
    for (const file of local) {
      const [a, b] = await Promise.all([
        readFile(join(localDir, file)),
        readFile(join(`${OUT}/http/client`, file)),
      ]);
      if (!a.equals(b)) different.push(file);
    }
    expect(different).toEqual([]);
    const englishDigital = await readFile(
      join(`${OUT}/http/client`, 'en/product/trinity-transformatie/index.html'),
      'utf8',
    );
    // Its English title reaches the page through a translation metafield.
    expect(englishDigital).toContain('Trinity Transformation');
  });
});
