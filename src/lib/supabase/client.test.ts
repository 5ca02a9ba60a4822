import { describe, expect, it } from 'vitest';
import { getSupabase } from './client.ts';

describe('getSupabase', () => {
  it('creates one client, even for concurrent first calls', async () => {
    const [a, b] = await Promise.all([getSupabase(), getSupabase()]);
    expect(a).toBe(b);
    expect(await getSupabase()).toBe(a);
  });

  it('defaults to the local stack', async () => {
    const client = await getSupabase();
    // supabaseUrl is not part of the public type, but it is what every request is built from.
    expect(String((client as unknown as { supabaseUrl: string }).supabaseUrl)).toMatch(/^https?:\/\//);
    expect(typeof client.from).toBe('function');
  });
});
