import { type AuthChangeEvent, AuthClient, type GoTrueClient } from '@supabase/auth-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import type { RealtimeClient } from '@supabase/realtime-js';
import type { StorageClient } from '@supabase/storage-js';
import { noteAuthEnd } from './auth-ended.ts';
import type { Database } from './database.types.ts';
import { clearEarlyReads } from './early.ts';
import { authStorageKey } from './env.ts';

/*
 * The page's data client, composed from Supabase's own sub-clients the way supabase-js 2.119.1
 * composes them (SupabaseClient.ts), minus what no page here uses: edge functions, trace
 * propagation and runtime detection (~11 KB gz less, see the size figures in the README).
 * Storage (~7 KB gz) is only used to upload a picture, so storage-js loads with the first upload;
 * realtime-js (~17 KB gz) loads with the first live use (`realtime.setAuth()`, which every channel
 * opener awaits before its first channel anyway), after the page's first screen.
 * What our callers rely on is kept exactly: the session under supabase-js's storage key, the
 * member's access token (or the anon key) on every PostgREST, storage and realtime request, and
 * realtime re-authorised on every sign-in, refresh and sign-out.
 */

/** Sent with every request, as supabase-js sends its own; scripts/js-budget.ts finds the chunk by it. */
const CLIENT_INFO = 'supabase-js-parts/2.119.1';

type Rest = PostgrestClient<Database>;
type StorageFileApi = ReturnType<StorageClient['from']>;
type Bucket = Pick<StorageFileApi, 'upload' | 'getPublicUrl'>;

/**
 * realtime-js, loaded on first use. `setAuth()` loads it (first call) and hands it the current
 * token, as supabase-js's `realtime.setAuth()` does: await it before the first `channel()`, so the
 * join carries the member's token (RLS hides every change from an anon join).
 */
type LazyRealtime = {
  setAuth(token?: string | null): Promise<void>;
  /** realtime-js's client, loaded and holding the current token. */
  load(): Promise<RealtimeClient>;
};

export type DataClient = {
  readonly supabaseUrl: string;
  readonly auth: GoTrueClient;
  readonly realtime: LazyRealtime;
  /** `storage.from(bucket)`: `upload` loads storage-js; `getPublicUrl` is for after an upload. */
  readonly storage: { from(bucket: string): Bucket };
  from: Rest['from'];
  rpc: Rest['rpc'];
  channel: RealtimeClient['channel'];
  getChannels: RealtimeClient['getChannels'];
  removeChannel: RealtimeClient['removeChannel'];
  removeAllChannels: RealtimeClient['removeAllChannels'];
};

export function createDataClient(supabaseUrl: string, supabaseKey: string): DataClient {
  const base = new URL(supabaseUrl.endsWith('/') ? supabaseUrl : `${supabaseUrl}/`);
  const at = (path: string) => new URL(path, base).href;
  const headers = { 'X-Client-Info': CLIENT_INFO };

  const auth = new AuthClient({
    url: at('auth/v1'),
    headers: { Authorization: `Bearer ${supabaseKey}`, apikey: supabaseKey, ...headers },
    storageKey: authStorageKey(supabaseUrl),
    autoRefreshToken: true,
    persistSession: true,
    detectSessionInUrl: true,
    flowType: 'implicit',
    hasCustomAuthorizationHeader: false,
    // A suspended member's refused refresh ends the session here and now (auth-ended.ts).
    fetch: noteAuthEnd(fetch, () => void auth.signOut({ scope: 'local' })),
  });

  const sessionToken = async () => (await auth.getSession()).data.session?.access_token ?? null;

  /** supabase-js's fetchWithAuth: the anon key as `apikey`, the member's token (or the key) as bearer. */
  const authedFetch: typeof fetch = async (input, init) => {
    const token = await sessionToken();
    const sent = new Headers(init?.headers);
    if (!sent.has('apikey')) sent.set('apikey', supabaseKey);
    if (!sent.has('Authorization')) sent.set('Authorization', `Bearer ${token ?? supabaseKey}`);
    return fetch(input, { ...init, headers: sent });
  };

  const realtimeUrl = new URL('realtime/v1', base);
  realtimeUrl.protocol = realtimeUrl.protocol.replace('http', 'ws');
  let realtimeClient: RealtimeClient | undefined;
  let realtimeLoad: Promise<RealtimeClient> | undefined;
  const loadRealtime = () => {
    realtimeLoad ??= (async () => {
      const { RealtimeClient } = await import('@supabase/realtime-js');
      const client =
        realtimeClient ??
        new RealtimeClient(realtimeUrl.href, {
          headers,
          accessToken: async () => (await sessionToken()) ?? supabaseKey,
          fetch: authedFetch,
          params: { apikey: supabaseKey },
        });
      realtimeClient = client;
      // Loaded after sign-in or a refresh: the token of now (the handler below follows later ones).
      await client.setAuth();
      return client;
    })();
    // A failed load (offline) is tried again by the next caller, with the same client if it exists.
    realtimeLoad.catch(() => {
      realtimeLoad = undefined;
    });
    return realtimeLoad;
  };
  const realtime: LazyRealtime = {
    load: loadRealtime,
    setAuth: async (token = null) => {
      const client = await loadRealtime();
      if (token !== null) await client.setAuth(token);
    },
  };
  /** The loaded realtime client; a channel before `realtime.setAuth()` is a caller's mistake. */
  const live = () => {
    if (!realtimeClient) throw new Error('await db.realtime.setAuth() before the first channel');
    return realtimeClient;
  };

  // supabase-js's _handleTokenChanged: realtime follows every new token, and drops it on sign-out.
  let currentToken: string | undefined;
  auth.onAuthStateChange((event: AuthChangeEvent, session) => {
    const token = session?.access_token;
    if (
      (event === 'TOKEN_REFRESHED' || event === 'SIGNED_IN' || event === 'INITIAL_SESSION') &&
      currentToken !== token
    ) {
      currentToken = token;
      // Not loaded yet: it reads the token of the moment when it loads.
      void realtimeClient?.setAuth(token);
    } else if (event === 'SIGNED_OUT') {
      // Nothing read early with the old session is handed out after it (early.ts).
      clearEarlyReads();
      void realtimeClient?.setAuth();
      currentToken = undefined;
    }
  });

  const rest: Rest = new PostgrestClient<Database>(at('rest/v1'), {
    headers,
    schema: 'public',
    fetch: authedFetch,
  });

  let storageClient: StorageClient | undefined;
  const loadStorage = async () => {
    if (!storageClient) {
      const { StorageClient } = await import('@supabase/storage-js');
      storageClient ??= new StorageClient(at('storage/v1'), headers, authedFetch);
    }
    return storageClient;
  };
  const storage = {
    from: (bucket: string): Bucket => ({
      upload: async (...args: Parameters<StorageFileApi['upload']>) =>
        (await loadStorage()).from(bucket).upload(...args),
      getPublicUrl: ((...args: Parameters<StorageFileApi['getPublicUrl']>) => {
        if (!storageClient) throw new Error('storage.getPublicUrl before any upload on this page');
        return storageClient.from(bucket).getPublicUrl(...args);
      }) as StorageFileApi['getPublicUrl'],
    }),
  };

  return {
    supabaseUrl,
    auth,
    realtime,
    storage,
    from: rest.from.bind(rest) as Rest['from'],
    rpc: rest.rpc.bind(rest) as Rest['rpc'],
    channel: (name, opts = { config: {} }) => live().channel(name, opts),
    getChannels: () => realtimeClient?.getChannels() ?? [],
    // Without realtime loaded there is no channel to remove.
    removeChannel: async (channel) => (realtimeClient ? realtimeClient.removeChannel(channel) : 'ok'),
    removeAllChannels: async () => (realtimeClient ? realtimeClient.removeAllChannels() : []),
  };
}
