import type { RestRead } from '~/lib/supabase/early.ts';

/**
 * The gate's read of the member's role and name (useGate; the header's re-read, profile-live.ts),
 * which every gated page also starts early, before the data client loads
 * (src/layouts/SignedInPage.astro, src/lib/supabase/early.ts). A file of its own, so the page
 * shell does not carry it.
 */
export const gateProfileRead = (me: string): RestRead => ({
  path: `profiles?select=role,display_name,avatar_url&user_id=eq.${encodeURIComponent(me)}`,
});
