-- What a hosted Supabase project (or `supabase start`) already has before our migrations run.
-- Local stack only: never copy this into supabase/migrations, hosted projects would reject it.
-- Runs as the cluster's superuser `supabase_admin`, as supabase/postgres's init scripts and
-- migrations do; migrations and seeds then run as the non-superuser `postgres` (migrate.ts).
-- Roles, owners and grants follow supabase/postgres (migrations/db/init-scripts and
-- migrations/db/migrations, notably 10000000000000_demote-postgres.sql and
-- 20250421084701_revoke_admin_roles_from_postgres.sql).

-- postgres: what hosted leaves of it after demote-postgres. Owner of the database (so of schema
-- public, pg_database_owner) and of the supabase_realtime publication, as on hosted where the
-- init scripts ran as postgres before it was demoted.
do $$ begin
  if not exists (select 1 from pg_roles where rolname = 'postgres') then
    create role postgres login password 'postgres';
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin nologin noinherit noreplication;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_storage_admin') then
    create role supabase_storage_admin nologin noinherit noreplication;
  end if;
  execute format('alter database %I owner to postgres', current_database());
  execute format('grant all on database %I to postgres', current_database());
end $$;
alter role postgres nosuperuser createdb createrole login replication bypassrls;
grant pg_read_all_data, pg_signal_backend to postgres;

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit password 'postgres';
  end if;
end $$;

grant anon, authenticated, service_role to authenticator;
-- PostgREST switches role per request; the gateway does the same for storage and realtime reads.
grant anon, authenticated, service_role to postgres;

create schema if not exists extensions authorization postgres;
create extension if not exists pgcrypto with schema extensions;
do $$ begin
  if (select extnamespace::regnamespace::text from pg_extension where extname = 'pgcrypto') <> 'extensions' then
    alter extension pgcrypto set schema extensions;
  end if;
end $$;
grant usage on schema extensions to anon, authenticated, service_role;
grant all on all routines in schema extensions to postgres;

-- auth -----------------------------------------------------------------------------------------
create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

create table auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255) default 'authenticated',
  role varchar(255) default 'authenticated',
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  -- As in GoTrue's first migration: these four have no default (see seed.sql).
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb default '{}'::jsonb,
  raw_user_meta_data jsonb default '{}'::jsonb,
  is_super_admin boolean,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  banned_until timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index users_email_key on auth.users (lower(email));

create table auth.identities (
  id uuid primary key default gen_random_uuid(),
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  email text generated always as (lower(identity_data ->> 'email')) stored,
  unique (provider_id, provider)
);

create table auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);

create table auth.refresh_tokens (
  id bigserial primary key,
  token varchar(255) unique not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid references auth.sessions (id) on delete cascade,
  revoked boolean not null default false,
  parent varchar(255),
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);

create function auth.uid() returns uuid language sql stable as $$
  -- As Supabase's own: an empty per-claim setting (left behind on a pooled connection by an
  -- earlier transaction) falls through to request.jwt.claims instead of meaning "nobody".
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'
  )::uuid
$$;

create function auth.role() returns text language sql stable as $$
  -- As Supabase's own: an empty per-claim setting (left behind on a pooled connection by an
  -- earlier transaction) falls through to request.jwt.claims instead of meaning "nobody".
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role'
  )::text
$$;

create function auth.email() returns text language sql stable as $$
  -- As Supabase's own: an empty per-claim setting (left behind on a pooled connection by an
  -- earlier transaction) falls through to request.jwt.claims instead of meaning "nobody".
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email'
  )::text
$$;

create function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

grant execute on all functions in schema auth to anon, authenticated, service_role;
-- Owned by GoTrue's role; postgres has every privilege on them (so it may add a trigger on
-- auth.users) but not ownership (no ALTER TABLE, no policy without supautils' policy_grants).
alter table auth.users owner to supabase_auth_admin;
alter table auth.identities owner to supabase_auth_admin;
alter table auth.sessions owner to supabase_auth_admin;
alter table auth.refresh_tokens owner to supabase_auth_admin;
alter function auth.uid() owner to supabase_auth_admin;
alter function auth.role() owner to supabase_auth_admin;
alter function auth.email() owner to supabase_auth_admin;
alter function auth.jwt() owner to supabase_auth_admin;
grant all on schema auth to supabase_auth_admin;
grant usage on schema auth to postgres;
grant all on all tables in schema auth to postgres;
grant all on all sequences in schema auth to postgres;
grant all on all routines in schema auth to postgres;

-- storage --------------------------------------------------------------------------------------
create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

create table storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  public boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);

create table storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  unique (bucket_id, name)
);

create function storage.foldername(name text) returns text[] language sql immutable as $$
  select (string_to_array(name, '/'))[1:array_length(string_to_array(name, '/'), 1) - 1]
$$;
create function storage.filename(name text) returns text language sql immutable as $$
  select (string_to_array(name, '/'))[array_length(string_to_array(name, '/'), 1)]
$$;
create function storage.extension(name text) returns text language sql immutable as $$
  select reverse(split_part(reverse(storage.filename(name)), '.', 1))
$$;

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
grant execute on all functions in schema storage to anon, authenticated, service_role;
-- Like Storage, no policy on storage.buckets: getPublicUrl needs no query, and listing buckets
-- through the API shows only what a policy (none by default) or the service role allows.

-- Storage refuses plain SQL deletes on its tables (tenant migration 0055-prevent-direct-deletes):
-- only the Storage API, which sets storage.allow_delete_query for its own transaction, deletes.
create function storage.protect_delete() returns trigger language plpgsql as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') != 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end $$;
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();
-- Owned by Storage's role; postgres gets ALL on the tables with grant option (hosted's
-- 20250623125453 and 20250709135250) but no CREATE on the schema and no ownership.
alter table storage.buckets owner to supabase_storage_admin;
alter table storage.objects owner to supabase_storage_admin;
alter function storage.foldername(text) owner to supabase_storage_admin;
alter function storage.filename(text) owner to supabase_storage_admin;
alter function storage.extension(text) owner to supabase_storage_admin;
alter function storage.protect_delete() owner to supabase_storage_admin;
grant all on schema storage to supabase_storage_admin;
grant usage on schema storage to postgres with grant option;
grant all on storage.buckets, storage.objects to postgres with grant option;
grant all on all routines in schema storage to postgres;

-- realtime -------------------------------------------------------------------------------------
create publication supabase_realtime;
alter publication supabase_realtime owner to postgres;

-- What Supabase Realtime's tenant migrations create: `realtime.messages` (whose RLS policies
-- authorize private channels, extension 'broadcast' or 'presence') owned by
-- supabase_realtime_admin, `realtime.topic()` and `realtime.send()`. Hosted partitions the table
-- by day; a plain table behaves the same for policies.
do $$ begin
  if not exists (select 1 from pg_roles where rolname = 'supabase_realtime_admin') then
    create role supabase_realtime_admin nologin noinherit noreplication;
  end if;
end $$;
-- Not a member of it on hosted (20250421084701_revoke_admin_roles_from_postgres.sql).
create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role, supabase_realtime_admin;
grant usage on schema realtime to postgres with grant option;
create table realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  id uuid not null default gen_random_uuid(),
  primary key (id, inserted_at)
);
create index messages_inserted_at_topic_index on realtime.messages (inserted_at desc, topic)
  where extension = 'broadcast' and private is true;
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to postgres, anon, authenticated, service_role;
alter table realtime.messages owner to supabase_realtime_admin;

create function realtime.topic() returns text language sql stable as $$
  select nullif(current_setting('realtime.topic', true), '')::text;
$$;
alter function realtime.topic() owner to supabase_realtime_admin;

create function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void language plpgsql as $$
begin
  begin
    perform set_config('realtime.topic', topic, true);
    insert into realtime.messages (payload, event, topic, private, extension)
    values (payload, event, topic, private, 'broadcast');
  exception when others then
    raise warning 'ErrorSendingBroadcastMessage: %', sqlerrm;
  end;
end $$;
alter function realtime.send(jsonb, text, text, boolean) owner to supabase_realtime_admin;
grant execute on all functions in schema realtime to postgres, anon, authenticated, service_role;

-- Local stand-in for Supabase Realtime's WAL reader; realtime.sql replaces this function with
-- its current version at every start and adds the triggers.
create schema if not exists _realtime;
create function _realtime.notify_change() returns trigger language plpgsql as $$
declare
  r record;
begin
  if tg_op = 'DELETE' then r := old; else r := new; end if;
  perform pg_notify('supabase_realtime', json_build_object(
    'schema', tg_table_schema,
    'table', tg_table_name,
    'type', tg_op,
    'id', to_jsonb(r) -> 'id',
    'commit_timestamp', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
  )::text);
  return null;
end $$;

-- public ---------------------------------------------------------------------------------------
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
-- What migrations create (as postgres) gets the same, as hosted's init script (run as postgres) set.
alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;
alter role postgres set search_path = "$user", public, extensions;

alter role authenticator set statement_timeout = '8s';
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

create schema if not exists supabase_migrations;
create table supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
-- Local bookkeeping: bootstrap version and a hash of each applied migration, to detect a stale
-- data directory instead of failing in confusing ways later.
create table supabase_migrations.local_stack (key text primary key, value text not null);

do $$ begin
  execute format('alter database %I set search_path = "$user", public, extensions', current_database());
end $$;
