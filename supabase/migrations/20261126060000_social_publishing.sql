-- Timeline Alchemy publishes for real (issue 27, first slice: X and LinkedIn).
-- Connected accounts per client, their tokens (encrypted by the server, AES-256-GCM, in a table no
-- API role can read), the OAuth state of a connect in progress, and one publication per
-- (preview, platform) that the worker claims, records before it sends, and finishes.

-- Connected accounts --------------------------------------------------------------------------
create table public.social_connections (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null references public.clients (profile_id) on delete cascade,
  platform text not null check (platform in ('x', 'linkedin')),
  account_id text not null check (char_length(account_id) <= 200),
  account_name text not null check (char_length(account_name) <= 200),
  profile_url text check (char_length(profile_url) <= 500),
  status text not null default 'connected' check (status in ('connected', 'expired', 'revoked')),
  connected_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (client_id, platform)
);
create trigger social_connections_server_timestamps before insert or update on public.social_connections
  for each row execute function private.server_timestamps();
alter table public.social_connections enable row level security;
create policy "admins read connections, clients their own" on public.social_connections
  for select to authenticated
  using ((select public.is_admin()) or client_id = (select auth.uid()));
revoke all on public.social_connections from anon, authenticated;
grant select on public.social_connections to authenticated;

-- Tokens: ciphertexts only (the key never enters the database), readable by nobody through the
-- API; the worker and the OAuth callback reach them through service-role functions below.
create table private.social_tokens (
  connection_id uuid primary key references public.social_connections (id) on delete cascade,
  access_token text not null,
  refresh_token text,
  expires_at timestamptz,
  updated_at timestamptz not null default now()
);
alter table private.social_tokens enable row level security;
revoke all on private.social_tokens from public, anon, authenticated, service_role;

create table private.social_oauth_states (
  state_hash text primary key check (char_length(state_hash) = 64),
  client_id uuid not null references public.clients (profile_id) on delete cascade,
  platform text not null check (platform in ('x', 'linkedin')),
  code_verifier text not null check (char_length(code_verifier) <= 128),
  locale text not null default 'nl' check (locale in ('nl', 'en', 'de')),
  created_at timestamptz not null default now()
);
alter table private.social_oauth_states enable row level security;
revoke all on private.social_oauth_states from public, anon, authenticated, service_role;

-- A client starts a connect for themself only (the endpoint calls this with the client's JWT).
create function public.social_connect_begin(platform text, state_hash text, code_verifier text, locale text default 'nl') returns void
language plpgsql security definer set search_path = '' as $$
begin
  if not exists (select 1 from public.clients c where c.profile_id = (select auth.uid())) then
    raise exception 'only a client connects accounts' using errcode = '42501';
  end if;
  delete from private.social_oauth_states s where s.created_at < now() - interval '15 minutes';
  insert into private.social_oauth_states (state_hash, client_id, platform, code_verifier, locale)
  values (social_connect_begin.state_hash, (select auth.uid()), social_connect_begin.platform,
          social_connect_begin.code_verifier, social_connect_begin.locale);
end $$;

-- The callback takes the state once (service role).
create function public.social_connect_take(state_hash text)
returns table (client_id uuid, platform text, code_verifier text, locale text)
language sql security definer set search_path = '' as $$
  delete from private.social_oauth_states s
   where s.state_hash = social_connect_take.state_hash and s.created_at > now() - interval '15 minutes'
  returning s.client_id, s.platform, s.code_verifier, s.locale;
$$;

create function public.social_connection_save(
  client_id uuid, platform text, account_id text, account_name text, profile_url text,
  access_token text, refresh_token text, expires_at timestamptz
) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  saved uuid;
begin
  insert into public.social_connections as c (client_id, platform, account_id, account_name, profile_url, status)
  values ($1, $2, $3, $4, $5, 'connected')
  on conflict on constraint social_connections_client_id_platform_key do update
    set account_id = excluded.account_id, account_name = excluded.account_name,
        profile_url = excluded.profile_url, status = 'connected', connected_at = now(), updated_at = now()
  returning c.id into saved;
  insert into private.social_tokens as t (connection_id, access_token, refresh_token, expires_at)
  values (saved, $6, $7, $8)
  on conflict (connection_id) do update
    set access_token = excluded.access_token, refresh_token = excluded.refresh_token,
        expires_at = excluded.expires_at, updated_at = now();
  -- Publications that failed only for want of this account may go again.
  update public.preview_publications p
     set status = 'scheduled', next_attempt_at = now(), error = null, error_code = null
   where p.client_id = $1 and p.platform = $2 and p.status = 'failed' and p.error_code = 'not_connected';
  return saved;
end $$;

create function public.social_tokens_update(connection_id uuid, access_token text, refresh_token text,
  expires_at timestamptz) returns void
language sql security definer set search_path = '' as $$
  update private.social_tokens t
     set access_token = $2, refresh_token = coalesce($3, t.refresh_token), expires_at = $4, updated_at = now()
   where t.connection_id = $1;
$$;

create function public.social_connection_mark(connection_id uuid, status text) returns void
language sql security definer set search_path = '' as $$
  update public.social_connections c set status = $2, updated_at = now() where c.id = $1;
$$;

-- Disconnect: the client's own connection, tokens with it (cascade).
create function public.social_disconnect(platform text) returns void
language sql security definer set search_path = '' as $$
  delete from public.social_connections c
   where c.client_id = (select auth.uid()) and c.platform = social_disconnect.platform;
$$;

-- Publications ---------------------------------------------------------------------------------
create table public.preview_publications (
  preview_id uuid not null references public.previews (id) on delete cascade,
  platform text not null check (platform in ('x', 'linkedin')),
  client_id uuid not null,
  status text not null default 'scheduled' check (status in ('scheduled', 'retrying', 'posted', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  lease_until timestamptz,
  -- The idempotency record: the time the request went out, written before it does, cleared when
  -- the answer is definitive. Set on a claim means "maybe posted": check the platform first.
  idempotency_key uuid not null default gen_random_uuid(),
  sent_at timestamptz,
  external_id text,
  url text,
  error text,
  error_code text,
  posted_at timestamptz,
  updated_at timestamptz not null default now(),
  primary key (preview_id, platform)
);
create index preview_publications_due_idx on public.preview_publications (next_attempt_at)
  where status in ('scheduled', 'retrying');
create index preview_publications_client_idx on public.preview_publications (client_id);
create trigger preview_publications_server_timestamps before insert or update on public.preview_publications
  for each row execute function private.server_timestamps();
alter table public.preview_publications enable row level security;
create policy "admins read publications, clients their own" on public.preview_publications
  for select to authenticated
  using ((select public.is_admin()) or client_id = (select auth.uid()));
revoke all on public.preview_publications from anon, authenticated;
grant select on public.preview_publications to authenticated;

-- Previews whose every publication is posted (or that have none: platforms without an API in
-- this slice) become published, once.
create function private.publish_ready() returns integer
language plpgsql security definer set search_path = '' as $$
declare
  published integer;
begin
  with due as (
    update public.previews p
       set status = 'published', published_at = now()
     where p.status = 'approved' and p.scheduled_at is not null and p.scheduled_at <= now()
       and p.approved_revision = p.revision
       and not exists (select 1 from public.preview_publications u
                        where u.preview_id = p.id and u.status <> 'posted')
    returning id, client_id, revision
  ), logged as (
    insert into public.preview_history (preview_id, client_id, event, revision)
    select id, client_id, 'published', revision from due
    returning 1
  )
  select count(*) into published from logged;
  return published;
end $$;

-- Approved, due previews get one publication per platform with an API (X, LinkedIn); then the
-- ready ones are published. Idempotent.
create or replace function public.publish_due_previews() returns integer
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.preview_publications (preview_id, platform, client_id)
  select p.id, k.platform, p.client_id
    from public.previews p
    cross join lateral (
      select case trim(part) when 'X (Twitter)' then 'x' when 'LinkedIn' then 'linkedin' end as platform
        from unnest(string_to_array(p.channel, ',')) as part
    ) k
   where p.status = 'approved' and p.scheduled_at is not null and p.scheduled_at <= now()
     and p.approved_revision = p.revision and k.platform is not null
  on conflict do nothing;
  return private.publish_ready();
end $$;

-- The worker claims due publications (a 120 s lease; a killed worker's rows come back after it).
create function public.publication_claim(max_rows integer default 10)
returns table (
  preview_id uuid, platform text, idempotency_key uuid, sent_at timestamptz, attempts integer,
  body text, connection_id uuid, connection_status text, account_id text, account_name text,
  access_token text, refresh_token text, expires_at timestamptz, locale text
)
language sql security definer set search_path = '' as $$
  with picked as (
    select u.preview_id, u.platform
      from public.preview_publications u
     where u.status in ('scheduled', 'retrying') and u.next_attempt_at <= now()
       and (u.lease_until is null or u.lease_until < now())
     order by u.next_attempt_at
     limit max_rows
       for update skip locked
  ), claimed as (
    update public.preview_publications u
       set lease_until = now() + interval '120 seconds', attempts = u.attempts + 1, updated_at = now()
      from picked
     where u.preview_id = picked.preview_id and u.platform = picked.platform
    returning u.*
  )
  select c.preview_id, c.platform, c.idempotency_key, c.sent_at, c.attempts,
         coalesce(p.draft_content -> 'platforms' ->> (case c.platform when 'x' then 'X (Twitter)' else 'LinkedIn' end),
                  p.draft_content ->> 'content', ''),
         s.id, s.status, s.account_id, s.account_name, t.access_token, t.refresh_token, t.expires_at,
         private.mail_locale(c.client_id)
    from claimed c
    join public.previews p on p.id = c.preview_id
    left join public.social_connections s on s.client_id = c.client_id and s.platform = c.platform
    left join private.social_tokens t on t.connection_id = s.id;
$$;

-- Written before the request goes out (the idempotency record).
create function public.publication_sending(preview_id uuid, platform text) returns void
language sql security definer set search_path = '' as $$
  update public.preview_publications u set sent_at = now(), updated_at = now()
   where u.preview_id = $1 and u.platform = $2;
$$;

create function public.publication_posted(preview_id uuid, platform text, external_id text, url text)
returns void
language plpgsql security definer set search_path = '' as $$
begin
  update public.preview_publications u
     set status = 'posted', external_id = $3, url = $4, posted_at = now(), lease_until = null,
         error = null, error_code = null, updated_at = now()
   where u.preview_id = $1 and u.platform = $2 and u.status <> 'posted';
  perform private.publish_ready();
end $$;

-- A retry at `retry_at`; `maybe_sent` keeps sent_at (the next attempt checks the platform first).
create function public.publication_retry(preview_id uuid, platform text, retry_at timestamptz,
  error text, maybe_sent boolean) returns void
language sql security definer set search_path = '' as $$
  update public.preview_publications u
     set status = 'retrying', next_attempt_at = $3, lease_until = null, error = $4, error_code = null,
         sent_at = case when $5 then u.sent_at else null end, updated_at = now()
   where u.preview_id = $1 and u.platform = $2 and u.status <> 'posted';
$$;

create function public.publication_failed(preview_id uuid, platform text, error_code text, error text)
returns void
language sql security definer set search_path = '' as $$
  update public.preview_publications u
     set status = 'failed', lease_until = null, error_code = $3, error = $4, sent_at = null, updated_at = now()
   where u.preview_id = $1 and u.platform = $2 and u.status <> 'posted';
$$;

-- The admin's "retry" on a failed publication.
create function public.publication_retry_now(preview_id uuid, platform text) returns void
language plpgsql security definer set search_path = '' as $$
begin
  if not (select public.is_admin()) then
    raise exception 'only an admin retries a publication' using errcode = '42501';
  end if;
  update public.preview_publications u
     set status = 'scheduled', attempts = 0, next_attempt_at = now(), lease_until = null, updated_at = now()
   where u.preview_id = $1 and u.platform = $2 and u.status = 'failed';
end $$;

revoke execute on function
  public.social_connect_begin, public.social_connect_take, public.social_connection_save,
  public.social_tokens_update, public.social_connection_mark, public.social_disconnect,
  public.publication_claim, public.publication_sending, public.publication_posted,
  public.publication_retry, public.publication_failed, public.publication_retry_now,
  private.publish_ready
  from public, anon, authenticated;
grant execute on function public.social_connect_begin, public.social_disconnect,
  public.publication_retry_now to authenticated;
grant execute on function
  public.social_connect_take, public.social_connection_save, public.social_tokens_update,
  public.social_connection_mark, public.publication_claim, public.publication_sending,
  public.publication_posted, public.publication_retry, public.publication_failed
  to service_role;
