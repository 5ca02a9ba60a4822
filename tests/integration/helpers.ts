import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';

/** Seeded accounts (supabase/seed.sql); all use the password below. */
export const PASSWORD = 'password123';
export const USERS = {
  admin: { id: '11111111-1111-4111-8111-111111111111', email: 'admin@example.com' },
  clientA: { id: '22222222-2222-4222-8222-222222222222', email: 'lotte@example.com' },
  clientB: { id: '33333333-3333-4333-8333-333333333333', email: 'bram@example.com' },
  memberA: { id: '44444444-4444-4444-8444-444444444444', email: 'emma@example.com' },
  memberB: { id: '55555555-5555-4555-8555-555555555555', email: 'noah@example.com' },
  memberC: { id: '66666666-6666-4666-8666-666666666666', email: 'mila@example.com' },
} as const;
export type ActorName = 'anon' | 'memberA' | 'memberB' | 'clientA' | 'clientB' | 'admin';
export const ACTORS: ActorName[] = ['anon', 'memberA', 'memberB', 'clientA', 'clientB', 'admin'];

export type Actor = { name: ActorName; id: string | null; db: SupabaseClient };

export const url = () => inject('supabaseUrl');

/** A client that keeps its session in memory only, so clients in one process never share one. */
export function newClient(key: string = inject('supabaseAnonKey')): SupabaseClient {
  return createClient(url(), key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

let service: SupabaseClient | undefined;
/** Bypasses RLS: only for arranging fixtures and checking effects, never as an actor. */
export function serviceClient(): SupabaseClient {
  service ??= newClient(inject('supabaseServiceKey'));
  return service;
}

export async function signedIn(email: string): Promise<SupabaseClient> {
  const db = newClient();
  const { error } = await db.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  return db;
}

const actors = new Map<ActorName, Promise<Actor>>();
export function actor(name: ActorName): Promise<Actor> {
  let found = actors.get(name);
  if (!found) {
    found =
      name === 'anon'
        ? Promise.resolve({ name, id: null, db: newClient() })
        : signedIn(USERS[name].email).then((db) => ({ name, id: USERS[name].id, db }));
    actors.set(name, found);
  }
  return found;
}

/**
 * The link of the newest captured mail to `to` (the stack's inbox), waiting until it arrived.
 * `type` picks a GoTrue verify link (signup, email_change).
 */
export async function mailedLink(to: string, type = 'signup', timeoutMs = 10_000): Promise<string> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const res = await fetch(`${inject('inboxUrl')}/api/messages?to=${encodeURIComponent(to)}`);
    const mails = (await res.json()) as Array<{ links?: string[] }>;
    const links = mails.flatMap((m) => m.links ?? []).filter((l) => l.includes(`type=${type}`));
    const newest = links.at(-1);
    if (newest) return newest;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no ${type} mail to ${to}`);
}

/** Opens a GoTrue verify link as a browser would (the redirect is not followed). */
export async function openLink(link: string): Promise<string> {
  const res = await fetch(link, { redirect: 'manual' });
  return res.headers.get('location') ?? '';
}

/**
 * A brand-new member, for tests that must not touch seeded people. Sign-up needs the e-mail
 * confirmed, as in production: the mailed link is opened, then the member signs in.
 */
export async function freshUser(
  displayName = 'Test Member',
): Promise<{ id: string; email: string; db: SupabaseClient }> {
  const db = newClient();
  const email = `t-${randomUUID().slice(0, 12)}@example.com`;
  const { data, error } = await db.auth.signUp({
    email,
    password: PASSWORD,
    options: { data: { display_name: displayName } },
  });
  if (error || !data.user) throw error ?? new Error('no user');
  if (!data.session) {
    await openLink(await mailedLink(email));
    const signedIn = await db.auth.signInWithPassword({ email, password: PASSWORD });
    if (signedIn.error) throw signedIn.error;
  }
  return { id: data.user.id, email, db };
}

/** Inserts a fixture row as the service role and returns its id. */
export async function arrange(table: string, row: Record<string, unknown>): Promise<string> {
  const { data, error } = await serviceClient().from(table).insert(row).select('id').single();
  if (error) throw new Error(`arrange ${table}: ${error.message}`);
  return (data as { id: string }).id;
}

export async function rowOf(table: string, id: string): Promise<Record<string, unknown> | null> {
  const { data, error } = await serviceClient().from(table).select('*').eq('id', id).maybeSingle();
  if (error) throw new Error(`rowOf ${table}: ${error.message}`);
  return data as Record<string, unknown> | null;
}

export const uid = () => randomUUID();
