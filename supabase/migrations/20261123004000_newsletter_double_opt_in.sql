-- Newsletter double opt-in with a consent ledger that can serve as proof (GDPR art. 7(1), UWG §7,
-- Telecommunicatiewet art. 11.7).
--
-- * public.newsletter_consents becomes the append-only ledger: one row per event (sign_up,
--   confirmation_sent, confirmed, unsubscribed, provider_sync, legacy_import) with the e-mail,
--   language, source form, page URL, the exact consent text, its version and hash, the privacy
--   policy version, time, IP and user agent. Nobody updates, deletes or truncates it, not even an
--   admin or the service role: privileges are revoked and a trigger refuses it for every role.
-- * public.newsletter_subscribers.status (pending/subscribed/unsubscribed) is derived from the
--   ledger: only the ledger's trigger writes it.
-- * The old single opt-in `subscribe_newsletter` and direct inserts are gone (hardening class 5:
--   no anonymous path may change a subscriber or reveal whether one exists). The site's server
--   calls the functions below with the service role; none is executable by anon or members,
--   except `newsletter_my_status` (own address) and the admin export.
-- * Links carry random tokens; only their HMAC under a key that never leaves the database is
--   stored. Confirmation tokens expire after 7 days and work once.

-- Old single opt-in path ------------------------------------------------------------------------
drop function if exists public.subscribe_newsletter(text, boolean, text, text, text, text, text);
drop policy if exists "anyone subscribes with consent" on public.newsletter_subscribers;
drop policy if exists "admins update subscribers" on public.newsletter_subscribers;
drop policy if exists "admins delete subscribers" on public.newsletter_subscribers;
drop policy if exists "admins record consents" on public.newsletter_consents;
revoke insert, update, delete, truncate on public.newsletter_subscribers from anon, authenticated, service_role;
revoke insert, update, delete, truncate on public.newsletter_consents from anon, authenticated, service_role;

-- Subscribers: the state is a projection of the ledger ------------------------------------------
alter table public.newsletter_subscribers
  add column status text not null default 'pending' check (status in ('pending', 'subscribed', 'unsubscribed')),
  add column confirmed_at timestamptz;
create index newsletter_subscribers_status_idx on public.newsletter_subscribers (status);

-- The ledger --------------------------------------------------------------------------------------
alter table public.newsletter_consents
  add column event text not null default 'legacy_import'
    check (event in ('legacy_import', 'sign_up', 'confirmation_sent', 'confirmed', 'unsubscribed', 'provider_sync')),
  add column email text,
  add column page_url text check (char_length(page_url) <= 2000),
  add column consent_version text check (char_length(consent_version) <= 40),
  add column consent_hash text,
  add column privacy_version text check (char_length(privacy_version) <= 40),
  add column ip inet,
  add column user_agent text check (char_length(user_agent) <= 1000),
  add column detail jsonb not null default '{}'::jsonb check (pg_column_size(detail) <= 4000);
alter table public.newsletter_consents
  add constraint newsletter_consents_text_len check (char_length(consent_text) <= 4000),
  add constraint newsletter_consents_source_len check (char_length(source) <= 40);
create index newsletter_consents_email_idx on public.newsletter_consents (lower(email), created_at desc);
create index newsletter_consents_ip_idx on public.newsletter_consents (ip, created_at desc) where event = 'sign_up';
create trigger newsletter_consents_server_timestamps before insert or update on public.newsletter_consents
  for each row execute function private.server_timestamps();

-- Fill in what a ledger row can take from its subscriber (the seed's legacy rows name only the
-- subscriber) and hash the consent text, so the caller cannot choose a hash that does not match.
create function private.newsletter_ledger_fill() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.email is null then
    select s.email into new.email from public.newsletter_subscribers s where s.id = new.subscriber_id;
  end if;
  new.email := lower(new.email);
  new.consent_hash := case when new.consent_text is null then null
    else encode(extensions.digest(new.consent_text, 'sha256'), 'hex') end;
  return new;
end $$;
create trigger newsletter_consents_fill before insert on public.newsletter_consents
  for each row execute function private.newsletter_ledger_fill();

-- Append-only, for every role (a trigger binds the owner and superusers too).
create function private.newsletter_ledger_append_only() returns trigger
language plpgsql set search_path = '' as $$
begin
  raise exception 'the consent ledger is append-only: record a new event instead'
    using errcode = '42501';
end $$;
create trigger newsletter_consents_no_update before update or delete on public.newsletter_consents
  for each row execute function private.newsletter_ledger_append_only();
create trigger newsletter_consents_no_truncate before truncate on public.newsletter_consents
  for each statement execute function private.newsletter_ledger_append_only();

-- The derived state: confirmation and unsubscribe events move the subscriber.
create function private.newsletter_ledger_apply() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.event in ('confirmed', 'legacy_import') then
    update public.newsletter_subscribers
       set status = 'subscribed', confirmed_at = coalesce(confirmed_at, new.created_at),
           unsubscribed_at = null, consent = true
     where id = new.subscriber_id and (new.event = 'confirmed' or status = 'pending');
  elsif new.event = 'unsubscribed' then
    update public.newsletter_subscribers
       set status = 'unsubscribed', unsubscribed_at = new.created_at
     where id = new.subscriber_id;
  end if;
  return null;
end $$;
create trigger newsletter_consents_apply after insert on public.newsletter_consents
  for each row execute function private.newsletter_ledger_apply();

-- Tokens and settings (private: no API role can even see these) ---------------------------------
create table private.newsletter_key (id boolean primary key default true check (id), key bytea not null);
insert into private.newsletter_key (key) values (extensions.gen_random_bytes(32));

create table private.newsletter_tokens (
  token_hash text primary key,
  subscriber_id uuid not null references public.newsletter_subscribers (id),
  purpose text not null check (purpose in ('confirm', 'unsubscribe')),
  -- What the person typed with this sign-up; applied only when they confirm from their mailbox.
  payload jsonb not null default '{}'::jsonb,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index newsletter_tokens_subscriber_idx on private.newsletter_tokens (subscriber_id);

-- Limits, in the database so every server instance shares them. The benchmark raises per_ip.
create table private.newsletter_limits (name text primary key, max_count int not null, per interval not null);
insert into private.newsletter_limits values
  ('per_email', 5, interval '1 hour'),
  ('per_ip', 30, interval '10 minutes');

create function private.newsletter_hash(token text) returns text
language sql stable security definer set search_path = '' as $$
  select encode(extensions.hmac(convert_to(token, 'UTF8'), (select key from private.newsletter_key), 'sha256'), 'hex')
$$;

create function private.newsletter_new_token(sub uuid, purpose text, ttl interval, payload jsonb)
returns text
language plpgsql security definer set search_path = '' as $$
declare
  token text := translate(encode(extensions.gen_random_bytes(32), 'base64'), '+/=', '-_');
begin
  insert into private.newsletter_tokens (token_hash, subscriber_id, purpose, payload, expires_at)
  values (private.newsletter_hash(token), sub, purpose, payload, now() + ttl);
  return token;
end $$;

-- Sign-up (service role) ------------------------------------------------------------------------
-- Whatever the address's state, the answer has the same shape: a fresh confirmation token and an
-- unsubscribe token. An existing subscriber is not changed until the mailbox owner confirms.
create function public.newsletter_sign_up(
  p_email text,
  p_first_name text,
  p_last_name text,
  p_language text,
  p_source text,
  p_page_url text,
  p_consent_text text,
  p_consent_version text,
  p_privacy_version text,
  p_ip text default null,
  p_user_agent text default null,
  p_user_id uuid default null
) returns table (subscriber_id uuid, confirm_token text, unsubscribe_token text)
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  address text := lower(btrim(p_email));
  client_ip inet;
  sub uuid;
  lim record;
  recent int;
begin
  if address !~* '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(address) > 254 then
    raise exception 'invalid e-mail address' using errcode = '22023';
  end if;
  if p_language not in ('nl', 'en', 'de') or coalesce(p_consent_text, '') = '' then
    raise exception 'language and consent text are required' using errcode = '22023';
  end if;
  begin
    client_ip := nullif(p_ip, '')::inet;
  exception when others then
    client_ip := null;
  end;
  -- One sign-up per address at a time: concurrent requests for one address queue here, so the
  -- address gets exactly one subscriber row and the limit counts every attempt.
  perform pg_advisory_xact_lock(hashtextextended('newsletter:' || address, 0));

  select * into lim from private.newsletter_limits where name = 'per_email';
  select count(*) into recent from public.newsletter_consents c
   where lower(c.email) = address and c.event = 'sign_up' and c.created_at > now() - lim.per;
  if recent >= lim.max_count then
    raise exception 'too many sign-ups for this address' using errcode = 'PT429';
  end if;
  if client_ip is not null then
    select * into lim from private.newsletter_limits where name = 'per_ip';
    select count(*) into recent from public.newsletter_consents c
     where c.ip = client_ip and c.event = 'sign_up' and c.created_at > now() - lim.per;
    if recent >= lim.max_count then
      raise exception 'too many sign-ups from this address' using errcode = 'PT429';
    end if;
  end if;

  select s.id into sub from public.newsletter_subscribers s where lower(s.email) = address;
  if sub is null then
    insert into public.newsletter_subscribers (email, name, first_name, last_name, consent, source, language, user_id)
    values (address,
            coalesce(nullif(btrim(concat_ws(' ', btrim(p_first_name), btrim(p_last_name))), ''), split_part(address, '@', 1)),
            nullif(btrim(p_first_name), ''), nullif(btrim(p_last_name), ''), true,
            left(coalesce(p_source, 'default'), 40), p_language, null)
    returning id into sub;
  end if;

  insert into public.newsletter_consents
    (subscriber_id, event, consent, source, language, email, page_url, consent_text, consent_version,
     privacy_version, ip, user_agent, detail)
  values (sub, 'sign_up', true, left(coalesce(p_source, 'default'), 40), p_language, address,
          left(p_page_url, 2000), p_consent_text, p_consent_version, p_privacy_version, client_ip,
          left(p_user_agent, 1000),
          jsonb_strip_nulls(jsonb_build_object('first_name', left(p_first_name, 100), 'last_name', left(p_last_name, 100))));

  subscriber_id := sub;
  confirm_token := private.newsletter_new_token(sub, 'confirm', interval '7 days',
    jsonb_strip_nulls(jsonb_build_object(
      'first_name', left(nullif(btrim(p_first_name), ''), 100), 'last_name', left(nullif(btrim(p_last_name), ''), 100),
      'language', p_language, 'source', left(p_source, 40), 'user_id', p_user_id)));
  unsubscribe_token := private.newsletter_new_token(sub, 'unsubscribe', interval '2 years', '{}'::jsonb);
  return next;
end $$;

-- A mail was sent (or failed), a provider synced (or failed): evidence rows written by the server.
create function public.newsletter_record(p_subscriber_id uuid, p_event text, p_detail jsonb default '{}'::jsonb)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  s record;
begin
  if p_event not in ('confirmation_sent', 'provider_sync') then
    raise exception 'unknown event %', p_event using errcode = '22023';
  end if;
  select * into s from public.newsletter_subscribers where id = p_subscriber_id;
  if not found then
    raise exception 'no such subscriber' using errcode = 'PT404';
  end if;
  insert into public.newsletter_consents (subscriber_id, event, consent, source, language, email, detail)
  values (s.id, p_event, s.status <> 'unsubscribed', s.source, s.language, s.email, coalesce(p_detail, '{}'::jsonb));
end $$;

-- The confirmation link: outcome confirmed | already | expired | invalid.
create function public.newsletter_confirm(p_token text, p_ip text default null, p_user_agent text default null)
returns table (outcome text, subscriber_id uuid, email text, language text, first_name text, last_name text, source text)
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  t record;
  s record;
  client_ip inet;
begin
  begin
    client_ip := nullif(p_ip, '')::inet;
  exception when others then
    client_ip := null;
  end;
  select * into t from private.newsletter_tokens
   where token_hash = private.newsletter_hash(coalesce(p_token, '')) and purpose = 'confirm'
   for update;
  if not found then
    outcome := 'invalid';
    return next;
    return;
  end if;
  select * into s from public.newsletter_subscribers where id = t.subscriber_id for update;
  subscriber_id := s.id;
  email := s.email;
  language := coalesce(t.payload ->> 'language', s.language);
  if t.used_at is not null then
    outcome := 'used';
    return next;
    return;
  end if;
  if t.expires_at < now() then
    outcome := 'expired';
    return next;
    return;
  end if;
  update private.newsletter_tokens set used_at = now() where token_hash = t.token_hash;
  -- Merge what was typed with this sign-up, now that the mailbox owner confirmed it.
  update public.newsletter_subscribers
     set first_name = coalesce(t.payload ->> 'first_name', first_name),
         last_name = coalesce(t.payload ->> 'last_name', last_name),
         name = coalesce(nullif(btrim(concat_ws(' ', t.payload ->> 'first_name', t.payload ->> 'last_name')), ''), name),
         language = coalesce(t.payload ->> 'language', language),
         source = coalesce(t.payload ->> 'source', source),
         user_id = coalesce((select p.user_id from public.profiles p where p.user_id = (t.payload ->> 'user_id')::uuid), user_id)
   where id = s.id
   returning newsletter_subscribers.first_name, newsletter_subscribers.last_name, newsletter_subscribers.source
   into first_name, last_name, source;
  insert into public.newsletter_consents (subscriber_id, event, consent, source, language, email, ip, user_agent, detail)
  values (s.id, 'confirmed', true, coalesce(t.payload ->> 'source', s.source), language, s.email, client_ip,
          left(p_user_agent, 1000), jsonb_build_object('token_issued', t.expires_at - interval '7 days'));
  outcome := 'confirmed';
  return next;
end $$;

-- Unsubscribe (link, one-click POST, List-Unsubscribe): outcome unsubscribed | invalid.
create function public.newsletter_unsubscribe(
  p_token text, p_ip text default null, p_user_agent text default null, p_method text default 'link'
) returns table (outcome text, subscriber_id uuid, email text, language text, first_name text, last_name text, source text)
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  t record;
  s record;
  client_ip inet;
begin
  begin
    client_ip := nullif(p_ip, '')::inet;
  exception when others then
    client_ip := null;
  end;
  select * into t from private.newsletter_tokens
   where token_hash = private.newsletter_hash(coalesce(p_token, '')) and purpose = 'unsubscribe';
  if not found or t.expires_at < now() then
    outcome := 'invalid';
    return next;
    return;
  end if;
  select * into s from public.newsletter_subscribers where id = t.subscriber_id for update;
  subscriber_id := s.id;
  email := s.email;
  language := s.language;
  first_name := s.first_name;
  last_name := s.last_name;
  source := s.source;
  if s.status <> 'unsubscribed' then
    insert into public.newsletter_consents (subscriber_id, event, consent, source, language, email, ip, user_agent, detail)
    values (s.id, 'unsubscribed', false, s.source, s.language, s.email, client_ip, left(p_user_agent, 1000),
            jsonb_build_object('method', left(p_method, 40)));
  end if;
  outcome := 'unsubscribed';
  return next;
end $$;

-- Signed-in members: the state of their own account's address, nobody else's.
create function public.newsletter_my_status() returns text
language sql stable security definer set search_path = '' as $$
  select coalesce((
    select s.status from public.newsletter_subscribers s
     where lower(s.email) = lower((select u.email from auth.users u where u.id = (select auth.uid())))
  ), 'none')
  where (select auth.uid()) is not null
$$;

-- Admin export: the whole ledger, or one address's, as proof of consent.
create function public.newsletter_consent_export(p_email text default null)
returns table (
  id uuid, email text, status text, event text, created_at timestamptz, language text, source text,
  page_url text, consent_text text, consent_version text, consent_hash text, privacy_version text,
  ip text, user_agent text, detail jsonb
)
language plpgsql stable security definer set search_path = '' as $$
#variable_conflict use_column
begin
  if not public.is_admin() then
    raise exception 'only an admin can export consent records' using errcode = '42501';
  end if;
  return query
    select c.id, c.email, s.status, c.event, c.created_at, c.language, c.source, c.page_url, c.consent_text,
           c.consent_version, c.consent_hash, c.privacy_version, host(c.ip), c.user_agent, c.detail
      from public.newsletter_consents c
      join public.newsletter_subscribers s on s.id = c.subscriber_id
     where p_email is null or lower(c.email) = lower(btrim(p_email))
     order by c.email, c.created_at, c.id;
end $$;

revoke execute on function public.newsletter_sign_up(text, text, text, text, text, text, text, text, text, text, text, uuid) from public, anon, authenticated;
revoke execute on function public.newsletter_record(uuid, text, jsonb) from public, anon, authenticated;
revoke execute on function public.newsletter_confirm(text, text, text) from public, anon, authenticated;
revoke execute on function public.newsletter_unsubscribe(text, text, text, text) from public, anon, authenticated;
grant execute on function public.newsletter_sign_up(text, text, text, text, text, text, text, text, text, text, text, uuid) to service_role;
grant execute on function public.newsletter_record(uuid, text, jsonb) to service_role;
grant execute on function public.newsletter_confirm(text, text, text) to service_role;
grant execute on function public.newsletter_unsubscribe(text, text, text, text) to service_role;
revoke execute on function public.newsletter_my_status() from public, anon;
grant execute on function public.newsletter_my_status() to authenticated;
revoke execute on function public.newsletter_consent_export(text) from public, anon;
grant execute on function public.newsletter_consent_export(text) to authenticated;
revoke execute on function private.newsletter_hash(text) from public, anon, authenticated, service_role;
revoke execute on function private.newsletter_new_token(uuid, text, interval, jsonb) from public, anon, authenticated, service_role;

-- Provider syncs to try again (scheduled): people whose latest sync with a provider failed.
create function public.newsletter_failed_syncs(p_limit int default 100)
returns table (provider text, subscriber_id uuid, email text, first_name text, last_name text,
               language text, source text, status text)
language sql stable security definer set search_path = '' as $$
  select last.provider, s.id, s.email, coalesce(s.first_name, ''), coalesce(s.last_name, ''),
         s.language, s.source, s.status
    from (
      select distinct on (c.subscriber_id, c.detail ->> 'provider')
             c.subscriber_id, c.detail ->> 'provider' as provider, (c.detail ->> 'ok')::boolean as ok
        from public.newsletter_consents c
       where c.event = 'provider_sync' and c.detail ? 'provider'
       order by c.subscriber_id, c.detail ->> 'provider', c.created_at desc, c.id desc
    ) last
    join public.newsletter_subscribers s on s.id = last.subscriber_id
   where not last.ok and s.status in ('subscribed', 'unsubscribed')
   limit greatest(1, least(p_limit, 1000))
$$;
revoke execute on function public.newsletter_failed_syncs(int) from public, anon, authenticated;
grant execute on function public.newsletter_failed_syncs(int) to service_role;
