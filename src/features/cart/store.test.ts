import { setPersistentEngine } from '@nanostores/persistent';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NewLine } from './lines.ts';

/*
 * The cart store as a page uses it: localStorage `cart` (SPEC.md section 3) read and validated
 * when the module loads, and every change written back and announced to the header badge.
 * Node has no localStorage or document, so each test gives the module fresh ones (and hands the
 * storage to nanostores/persistent with its own test hook, as its module is loaded only once).
 */
const noEvents = { addEventListener() {}, removeEventListener() {} };

/** A Storage-like object: nanostores/persistent reads keys as properties, the store uses getItem. */
class MemoryStorage {
  getItem(key: string): string | null {
    return Object.hasOwn(this, key) ? ((this as unknown as Record<string, string>)[key] ?? null) : null;
  }
  setItem(key: string, value: string): void {
    (this as unknown as Record<string, string>)[key] = String(value);
  }
  removeItem(key: string): void {
    delete (this as unknown as Record<string, string>)[key];
  }
}

async function loadStore(stored?: string) {
  vi.resetModules();
  const storage = new MemoryStorage();
  if (stored !== undefined) storage.setItem('cart', stored);
  const events = new EventTarget();
  const changes: Event[] = [];
  events.addEventListener('cart:change', (e) => changes.push(e));
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('document', events);
  setPersistentEngine(storage as unknown as Record<string, string>, noEvents);
  const store = await import('./store.ts');
  return { store, storage, changes };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

const mug: NewLine = {
  variantId: 'gid://shopify/ProductVariant/50001',
  productId: 'gid://shopify/Product/30001',
  handle: 'eenheid-mok',
  title: 'Eenheid Mok',
  variantTitle: 'Default Title',
  price: 1600,
  quantity: 1,
  image: null,
  available: true,
};

describe('cart store', () => {
  it('keeps the cart under the localStorage key "cart"', async () => {
    const { store, storage } = await loadStore();
    expect(store.CART_KEY).toBe('cart');
    store.addCartLine({ ...mug, quantity: 2 });
    const saved = JSON.parse(storage.getItem('cart') ?? 'null') as Array<{
      variantId: string;
      quantity: number;
    }>;
    expect(saved.map((l) => [l.variantId, l.quantity])).toEqual([[mug.variantId, 2]]);
  });

  it('reads a valid stored cart as it is', async () => {
    const line = { ...mug, id: `${mug.variantId}-1`, quantity: 3 };
    const { available: _a, ...stored } = line;
    const { store, storage } = await loadStore(JSON.stringify([stored]));
    expect(store.$cart.get()).toEqual([stored]);
    expect(storage.getItem('cart')).toBe(JSON.stringify([stored]));
  });

  it.each([
    ['broken JSON', '{not json'],
    ['a foreign shape', '[{"sku":"x","qty":1}]'],
    ['an object', '{"items":[]}'],
  ])('replaces %s in storage with an empty cart, so every reader agrees', async (_name, raw) => {
    const { store, storage } = await loadStore(raw);
    expect(store.$cart.get()).toEqual([]);
    expect(storage.getItem('cart')).toBe('[]');
  });

  it('leaves an empty or missing cart alone', async () => {
    const empty = await loadStore('[]');
    expect(empty.storage.getItem('cart')).toBe('[]');
    const missing = await loadStore();
    expect(missing.storage.getItem('cart')).toBeNull();
    expect(missing.store.$cart.get()).toEqual([]);
  });

  it('still works where storage throws (private mode)', async () => {
    vi.resetModules();
    vi.stubGlobal('localStorage', {
      getItem() {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    setPersistentEngine({}, noEvents);
    vi.stubGlobal('document', new EventTarget());
    const store = await import('./store.ts');
    expect(store.$cart.get()).toEqual([]);
  });

  it('adds, changes, removes and clears lines, announcing each change to the badge', async () => {
    const { store, storage, changes } = await loadStore();
    const added = store.addCartLine(mug);
    expect(added).toMatchObject({ ok: true, quantity: 1, capped: false });
    expect(changes).toHaveLength(1);
    const id = store.$cart.get()[0]?.id ?? '';
    expect(id.startsWith(`${mug.variantId}-`)).toBe(true);

    store.setCartLineQuantity(id, 4);
    expect(store.$cart.get()[0]?.quantity).toBe(4);
    expect(JSON.parse(storage.getItem('cart') ?? '[]')[0].quantity).toBe(4);
    expect(changes).toHaveLength(2);

    store.setCartLineQuantity(id, 0);
    expect(store.$cart.get()).toEqual([]);

    store.addCartLine(mug);
    const second = store.$cart.get()[0]?.id ?? '';
    store.removeCartLine(second);
    expect(store.$cart.get()).toEqual([]);

    store.addCartLine(mug);
    store.clearCart();
    expect(store.$cart.get()).toEqual([]);
    expect(storage.getItem('cart')).toBe('[]');
    expect(changes.every((e) => e.type === 'cart:change')).toBe(true);
    expect(changes).toHaveLength(7);
  });

  it('leaves the cart untouched when a variant is refused', async () => {
    const { store, storage, changes } = await loadStore();
    expect(store.addCartLine({ ...mug, available: false })).toEqual({ ok: false, reason: 'unavailable' });
    expect(store.$cart.get()).toEqual([]);
    expect(storage.getItem('cart')).toBeNull();
    expect(changes).toHaveLength(0);
  });
});
