import { type AuthChangeEvent, AuthClient, type GoTrueClient } from '@supabase/auth-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import { RealtimeClient } from '@supabase/realtime-js';
import type { StorageClient } from '@supabase/storage-js';
import type { Database } from './database.types.ts';
import { authStorageKey } from './env.ts';

/*
 * The page's data client, composed from Supabase's own sub-clients the way supabase-js 2.119.1
 * composes them (SupabaseClient.ts), minus what no page here uses: edge functions, trace
 * propagation and runtime detection (~11 KB gz less, see the size figures in the README).
 * Storage (~7 KB gz) is only used to upload a picture, so storage-js loads with the first upload.
 * What our callers rely on is kept exactly: the session under supabase-js's storage key, the
 * member's access token (or the anon key) on every PostgREST, storage and realtime request, and
 * realtime re-authorised on every sign-in, refresh and sign-out.
 */

/** Sent with every request, as supabase-js sends its own; scripts/js-budget.ts finds the chunk by it. */
const CLIENT_INFO = 'supabase-js-parts/2.119.1';

type Rest = PostgrestClient<Database>;
type StorageFileApi = ReturnType<StorageClient['from']>;
type Bucket = Pick<StorageFileApi, 'upload' | 'getPublicUrl'>;

export type DataClient = {
  readonly supabaseUrl: string;
  readonly auth: GoTrueClient;
  readonly realtime: RealtimeClient;
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
  const realtime = new RealtimeClient(realtimeUrl.href, {
    headers,
    accessToken: async () => (await sessionToken()) ?? supabaseKey,
    fetch: authedFetch,
    params: { apikey: supabaseKey },
  });

  // supabase-js's _handleTokenChanged: realtime follows every new token, and drops it on sign-out.
  let currentToken: string | undefined;
  auth.onAuthStateChange((event: AuthChangeEvent, session) => {
    const token = session?.access_token;
    if (
      (event === 'TOKEN_REFRESHED' || event === 'SIGNED_IN' || event === 'INITIAL_SESSION') &&
      currentToken !== token
    ) {
      currentToken = token;
      void realtime.setAuth(token);
    } else if (event === 'SIGNED_OUT') {
      void realtime.setAuth();
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
    channel: (name, opts = { config: {} }) => realtime.channel(name, opts),
    getChannels: () => realtime.getChannels(),
    removeChannel: (channel) => realtime.removeChannel(channel),
    removeAllChannels: () => realtime.removeAllChannels(),
  };
}
