import { describe, expect, it } from 'vitest';
import { filterHandles } from '~/lib/storefront/filter-handles.ts';
import { legacyFilterLocation } from './legacy-filters.ts';

describe('old filter links on prerendered listing pages (the local catalog)', { timeout: 30_000 }, () => {
  it('moves option names and values of any language to the handles, keeping the other parameters', async () => {
    const handles = await filterHandles();
    expect(legacyFilterLocation('/de/shop', '?sort=title&filter.v.option.kleur=Zwart', handles)).toBe(
      '/de/shop?sort=title&filter.v.option.color=black',
    );
    expect(legacyFilterLocation('/shop/page/2', '?filter.v.option.größe=XL', handles)).toBe(
      '/shop/page/2?filter.v.option.size=xl',
    );
    expect(legacyFilterLocation('/en/shop/collection/apparel', '?filter.v.option.color=Black', handles)).toBe(
      '/en/shop/collection/apparel?filter.v.option.color=black',
    );
  });

  it('leaves alone addresses already by handles, unknown values and pages that are no listing', async () => {
    const handles = await filterHandles();
    expect(legacyFilterLocation('/shop', '?filter.v.option.color=black', handles)).toBeNull();
    expect(legacyFilterLocation('/shop', '?filter.v.option.kleur=Paars-met-stippen', handles)).toBeNull();
    expect(legacyFilterLocation('/shop', '?sort=title', handles)).toBeNull();
    expect(legacyFilterLocation('/blog', '?filter.v.option.kleur=Zwart', handles)).toBeNull();
    expect(legacyFilterLocation('/shopping', '?filter.v.option.kleur=Zwart', handles)).toBeNull();
  });
});
