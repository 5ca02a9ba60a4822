-- Rate limits are atomic (issue 25, point 2). Every limit counted and then inserted without a
-- lock, so a burst of parallel requests all counted the same "used" and all passed: 40 posts at
-- once stored 22-27 against a limit of 20. Each limit now takes a transaction-level advisory lock
-- on its own key before it counts, so requests for one key queue and each sees what the one
-- before it committed (READ COMMITTED takes a fresh snapshot per statement, and a lock is released
-- only after its transaction is visible). Different keys never wait for each other. A transaction
-- takes at most one key per limit, always in the same order (address before IP), so no deadlock.
-- (Messages' per-sender lock is in 20261124120000_block_everywhere.sql.)
-- tests/integration/attacks/rate-bursts.test.ts fires 40 at once at each limit.

-- Posts, comments, friend requests and reports: one lock per member and action.
create or replace function private.take_rate_limit(what text) returns void
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  lim integer;
  used integer;
begin
  if me is null or public.is_admin() then
    return;
  end if;
  select per_hour into lim from private.rate_limits where action = what;
  if lim is null then
    return;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('rate:' || what || ':' || me::text, 0));
  delete from private.rate_events where user_id = me and action = what and at < now() - interval '1 hour';
  select count(*) into used from private.rate_events
   where user_id = me and action = what and at >= now() - interval '1 hour';
  if used >= lim then
    raise exception 'rate limit: at most % per hour for %', lim, what
      using errcode = 'PT429', hint = what;
  end if;
  insert into private.rate_events (user_id, action) values (me, what);
end $$;

-- Contact form: 5 per address an hour and 100 a minute in all. The total is one key for everyone,
-- so every API insert queues on it (the form is low volume; the service role is not limited).
create or replace function public.contact_messages_rate_limit() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if coalesce(auth.role(), '') = 'service_role' then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('rate:contact', 0));
  -- The clock after the lock, not now() (the transaction's start): a request that started before
  -- the one it queued behind must still count that one's row (stamped with its later start).
  if (select count(*) from public.contact_messages
       where lower(email) = lower(new.email)
         and created_at > clock_timestamp() - interval '1 hour' and created_at <= clock_timestamp()) >= 5
     or (select count(*) from public.contact_messages
       where created_at > clock_timestamp() - interval '1 minute' and created_at <= clock_timestamp()) >= 100 then
    raise exception 'rate_limit: too many contact messages, try again later' using errcode = 'PT429';
  end if;
  return new;
end $$;

-- Newsletter sign-ups: the per-address lock was there; the per-IP count gets its own lock.
create or replace function public.newsletter_sign_up(
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
    -- Sign-ups from one IP (for any address) queue here too, so the per-IP count is exact.
    perform pg_advisory_xact_lock(hashtextextended('newsletter-ip:' || host(client_ip), 0));
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
