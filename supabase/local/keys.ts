/**
 * The Supabase CLI's well-known local defaults, so the app runs unchanged against this stack,
 * `supabase start` or (with other values in the environment) a hosted project.
 */
export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

export const DEFAULT_GATEWAY_PORT = 54321;
/** Password of the local superuser and of PostgREST's authenticator role (local only). */
export const DB_PASSWORD = 'postgres';

export const DEMO_PASSWORD = 'password123';
export const DEMO_LOGINS = [
  {
    role: 'admin',
    email: 'admin@example.com',
    name: 'Sanne de Vries',
    id: '11111111-1111-4111-8111-111111111111',
  },
  {
    role: 'client',
    email: 'lotte@example.com',
    name: 'Lotte Jansen',
    id: '22222222-2222-4222-8222-222222222222',
  },
  {
    role: 'client',
    email: 'bram@example.com',
    name: 'Bram Peters',
    id: '33333333-3333-4333-8333-333333333333',
  },
  {
    role: 'member',
    email: 'emma@example.com',
    name: 'Emma Bakker',
    id: '44444444-4444-4444-8444-444444444444',
  },
  {
    role: 'member',
    email: 'noah@example.com',
    name: 'Noah Visser',
    id: '55555555-5555-4555-8555-555555555555',
  },
  {
    role: 'member',
    email: 'mila@example.com',
    name: 'Mila de Boer',
    id: '66666666-6666-4666-8666-666666666666',
  },
  {
    role: 'member',
    email: 'lucas@example.com',
    name: 'Lucas Smit',
    id: '77777777-7777-4777-8777-777777777777',
  },
] as const;
