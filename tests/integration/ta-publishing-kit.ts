import type { SupabaseClient } from '@supabase/supabase-js';
import { expect, inject } from 'vitest';
import {
  handleConnectCallback,
  handleConnectStart,
} from '../../src/features/timeline-alchemy/publishing/connect.ts';
import { actor, arrange, serviceClient, USERS, url } from './helpers.ts';

/** What the publishing tests share: the OAuth round through a stand-in, faults, posts, due previews. */
export const ORIGIN = 'http://127.0.0.1:4321';
const env = () => ({
  SOCIAL_X_URL: inject('xUrl'),
  SOCIAL_LINKEDIN_URL: inject('linkedinUrl'),
  SOCIAL_META_URL: inject('metaUrl'),
});
export const deps = () => ({
  url: url(),
  anonKey: inject('supabaseAnonKey'),
  serviceKey: inject('supabaseServiceKey'),
  origin: ORIGIN,
  env: env(),
});
export type StandIn = 'x' | 'linkedin' | 'meta';
const standIn = (platform: StandIn) =>
  platform === 'x' ? inject('xUrl') : platform === 'linkedin' ? inject('linkedinUrl') : inject('metaUrl');

/** A seeded person, or the signed-in client of a fresh account. */
type Who = 'clientA' | 'clientB' | 'memberA' | SupabaseClient;

async function jwtOf(who: Who) {
  const { data } = await (typeof who === 'string' ? (await actor(who)).db : who).auth.getSession();
  return data.session?.access_token ?? '';
}

/** The whole OAuth round: our endpoint, the stand-in's approval form, our callback. */
export async function connect(who: Who, platform: 'x' | 'linkedin' | 'facebook', account: string) {
  const started = await handleConnectStart(
    new Request(`${ORIGIN}/api/timeline-alchemy/connect`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await jwtOf(who)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ platform, lang: 'en' }),
    }),
    deps(),
  );
  if (started.status !== 200) return { status: started.status, location: '' };
  const authorize = new URL(((await started.json()) as { url: string }).url);
  const form = new URLSearchParams(authorize.searchParams);
  form.set('account', account);
  form.set('decision', 'allow');
  const approved = await fetch(`${authorize.origin}${authorize.pathname}`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const callback = await handleConnectCallback(new Request(approved.headers.get('location') ?? ''), deps());
  return { status: callback.status, location: callback.headers.get('location') ?? '' };
}

/** Switches a stand-in's fault on; `on` picks the Graph stand-in's endpoint (facebook or instagram). */
export const control = (platform: StandIn, fault: string, times = 1, on?: string) =>
  fetch(`${standIn(platform)}/__control`, {
    method: 'POST',
    body: JSON.stringify({ fault, times, ...(on ? { on } : {}) }),
  });
export type StoredPost = { id: string; text: string; network?: string; image?: string };
export const postsWith = async (platform: StandIn, text: string, network?: string) =>
  ((await (await fetch(`${standIn(platform)}/__posts`)).json()) as StoredPost[]).filter(
    (p) => p.text === text && (!network || p.network === network),
  );

export async function duePreview(
  text: string,
  channel = 'X (Twitter), LinkedIn',
  image: string | null = null,
  client: string = USERS.clientA.id,
) {
  return arrange('previews', {
    client_id: client,
    channel,
    template: channel,
    draft_content: { content: text, selectedPosts: [], image },
    scheduled_at: new Date(Date.now() - 60_000).toISOString(),
    status: 'approved',
    approved_revision: 1,
    reviewed_revision: 1,
  });
}
export async function publications(preview: string) {
  const { data } = await serviceClient()
    .from('preview_publications')
    .select('platform, status, url, attempts, error, error_code')
    .eq('preview_id', preview)
    .order('platform');
  return (data ?? []) as Array<{
    platform: string;
    status: string;
    url: string | null;
    attempts: number;
    error: string | null;
    error_code: string | null;
  }>;
}
export const settled = (preview: string, count = 2) =>
  expect
    .poll(
      async () =>
        (await publications(preview)).filter((p) => p.status === 'posted' || p.status === 'failed').length,
      {
        timeout: 25_000,
        interval: 300,
      },
    )
    .toBe(count);
