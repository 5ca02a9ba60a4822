import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureCatalog } from '../../src/lib/storefront/local/fixtures.ts';

describe('seeded mockups', () => {
  it('exist for every variant of every product of the local catalog (both pictures)', () => {
    const missing = fixtureCatalog.products
      .flatMap((p) => p.variants.map((v) => String(v.id)))
      .flatMap((id) => ['1.png', '2.png'].map((n) => join('supabase', 'seed-assets', 'mockups', id, n)))
      .filter((file) => !existsSync(file));
    expect(missing).toEqual([]);
  });
});
