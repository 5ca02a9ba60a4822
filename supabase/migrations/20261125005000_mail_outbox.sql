-- One outbox for all mail (issue 22, point 4).
--
-- Every mail the site sends itself is a row in private.mail_outbox, written by the database
-- function that makes the change causing it, in the same transaction (private.enqueue_mail). A
-- worker (src/lib/mail/outbox.ts: the Netlify scheduled function netlify/functions/mail-outbox.mts
-- in production, the local stack's timer locally) claims rows with FOR UPDATE SKIP LOCKED and a
-- lease, renders them in TypeScript (kind + locale + payload: the three languages stay in the
-- typed dictionaries), sends them over SMTP with the idempotency key as Message-ID and marks them
-- sent, or schedules a retry with exponential backoff and jitter, up to a maximum of attempts
-- (then `failed_at`). A worker killed mid-batch leaves its rows leased: the next worker takes
-- them once the lease has run out. The worker's functions are granted to service_role only; the
-- table lives in `private`, which the API does not expose.

create table private.mail_outbox (
  id uuid primary key default gen_random_uuid(),
  -- Unique per cause (one sign-up, one review link): enqueueing twice is a no-op, and the key is
  -- the mail's Message-ID, so a resend after a crash between send and mark is recognisable.
  idempotency_key text not null unique check (idempotency_key ~ '^[A-Za-z0-9._-]{1,200}$'),
  "to" text not null check (char_length("to") between 3 and 254),
  locale text not null check (locale in ('nl', 'en', 'de')),
  kind text not null check (kind ~ '^[a-z0-9_.-]{1,60}$'),
  -- What the template needs (names, tokens, the origin of links). Cleared once sent: tokens are
  -- stored hashed elsewhere and should not outlive their mail here.
  payload jsonb not null default '{}'::jsonb check (pg_column_size(payload) <= 16384),
  created_at timestamptz not null default now(),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  claimed_by text,
  sent_at timestamptz,
  message_id text,
  failed_at timestamptz,
  last_error text
);
-- What the worker scans: rows still to send, in order of due time.
create index mail_outbox_due_idx on private.mail_outbox (next_attempt_at)
  where sent_at is null and failed_at is null;

alter table private.mail_outbox enable row level security;
revoke all on private.mail_outbox from public, anon, authenticated;

-- The one way to write a mail: called by the function that makes the change, in its transaction.
-- Returns the row's id (or the existing one for a repeated key). Wakes a listening local worker.
create function private.enqueue_mail(
  p_key text, p_to text, p_locale text, p_kind text, p_payload jsonb default '{}'::jsonb
) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  row_id uuid;
begin
  insert into private.mail_outbox (idempotency_key, "to", locale, kind, payload)
  values (p_key, lower(btrim(p_to)), coalesce(p_locale, 'nl'), p_kind, coalesce(p_payload, '{}'::jsonb))
  on conflict (idempotency_key) do nothing
  returning id into row_id;
  if row_id is null then
    select o.id into row_id from private.mail_outbox o where o.idempotency_key = p_key;
  end if;
  perform pg_notify('mail_outbox', '');
  return row_id;
end $$;
revoke execute on function private.enqueue_mail(text, text, text, text, jsonb) from public, anon, authenticated;

-- The worker's claim: up to p_limit due rows of the kinds it can render, leased to p_worker for
-- p_lease_seconds. Rows another worker holds are skipped (SKIP LOCKED while it claims, the lease
-- afterwards); a lease that ran out (the worker died) makes its rows due again.
create function public.mail_outbox_claim(
  p_worker text, p_kinds text[], p_limit integer default 20, p_lease_seconds integer default 120
) returns table (id uuid, idempotency_key text, "to" text, locale text, kind text, payload jsonb, attempts integer)
language plpgsql security definer set search_path = '' as $$
begin
  return query
  with due as (
    select o.id from private.mail_outbox o
     where o.sent_at is null and o.failed_at is null and o.next_attempt_at <= now()
       and (o.locked_until is null or o.locked_until < now())
       and o.kind = any (p_kinds)
     order by o.next_attempt_at
     limit least(greatest(p_limit, 1), 500)
     for update skip locked
  )
  update private.mail_outbox o
     set locked_until = now() + pg_catalog.make_interval(secs => least(greatest(p_lease_seconds, 1), 3600)),
         claimed_by = left(p_worker, 100),
         attempts = o.attempts + 1
    from due where o.id = due.id
  returning o.id, o.idempotency_key, o."to", o.locale, o.kind, o.payload, o.attempts;
end $$;

-- Sent: the SMTP server accepted it. Idempotent (a second worker that sent after a lease ran out
-- changes nothing). The payload goes: its tokens are no longer needed. A kind may record its
-- sending where its evidence lives (the newsletter's ledger: confirmation_sent with the Message-ID).
create function public.mail_outbox_sent(p_id uuid, p_message_id text) returns void
language plpgsql security definer set search_path = '' as $$
declare
  done private.mail_outbox;
begin
  select * into done from private.mail_outbox o where o.id = p_id and o.sent_at is null for update;
  if not found then
    return;
  end if;
  update private.mail_outbox
     set sent_at = now(), message_id = left(p_message_id, 300), locked_until = null,
         last_error = null, payload = '{}'::jsonb
   where id = p_id;
  if done.kind = 'newsletter.confirmation' and done.payload ? 'subscriber_id' then
    begin
      perform public.newsletter_record((done.payload ->> 'subscriber_id')::uuid, 'confirmation_sent',
        jsonb_build_object('message_id', left(p_message_id, 300), 'to', done."to",
          'outbox_key', done.idempotency_key));
    exception when others then
      -- The subscriber is gone (erased meanwhile): the mail is still sent; nothing to record.
      null;
    end;
  end if;
end $$;

-- Not sent: try again after base * 2^(attempts-1) seconds (at most an hour), times a random
-- factor between 0.5 and 1 (jitter, so a recovered server is not hit by every row at once); after
-- p_max_attempts the row is failed (visible to admins through mail_outbox_failures). Only the
-- worker holding the lease may do this. Returns 'retry', 'failed' or 'stale'.
create function public.mail_outbox_retry(
  p_id uuid, p_worker text, p_error text, p_base_seconds numeric default 30, p_max_attempts integer default 8
) returns text
language plpgsql security definer set search_path = '' as $$
declare
  row private.mail_outbox;
begin
  select * into row from private.mail_outbox o
   where o.id = p_id and o.sent_at is null and o.failed_at is null and o.claimed_by = left(p_worker, 100)
   for update;
  if not found then
    return 'stale';
  end if;
  if row.attempts >= p_max_attempts then
    update private.mail_outbox
       set failed_at = now(), locked_until = null, last_error = left(p_error, 1000)
     where id = p_id;
    return 'failed';
  end if;
  update private.mail_outbox
     set locked_until = null, last_error = left(p_error, 1000),
         next_attempt_at = now() + pg_catalog.make_interval(secs =>
           least(3600, greatest(p_base_seconds, 0.05) * power(2, greatest(row.attempts - 1, 0)))
           * (0.5 + random() / 2))
   where id = p_id;
  return 'retry';
end $$;

-- Admins see the mails that gave up (address, kind, attempts, last error), newest first.
create function public.mail_outbox_failures(p_limit integer default 50)
returns table (id uuid, "to" text, kind text, attempts integer, failed_at timestamptz, last_error text)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not public.is_admin() then
    raise exception 'only an admin can read failed mails' using errcode = '42501';
  end if;
  return query
  select o.id, o."to", o.kind, o.attempts, o.failed_at, o.last_error
    from private.mail_outbox o where o.failed_at is not null
   order by o.failed_at desc limit least(greatest(p_limit, 1), 500);
end $$;

revoke execute on function public.mail_outbox_claim(text, text[], integer, integer) from public, anon, authenticated;
revoke execute on function public.mail_outbox_sent(uuid, text) from public, anon, authenticated;
revoke execute on function public.mail_outbox_retry(uuid, text, text, numeric, integer) from public, anon, authenticated;
revoke execute on function public.mail_outbox_failures(integer) from public, anon;
grant execute on function public.mail_outbox_claim(text, text[], integer, integer) to service_role;
grant execute on function public.mail_outbox_sent(uuid, text) to service_role;
grant execute on function public.mail_outbox_retry(uuid, text, text, numeric, integer) to service_role;
grant execute on function public.mail_outbox_failures(integer) to authenticated, service_role;

-- Newsletter sign-up and its confirmation mail in one transaction: the sign-up (limits, ledger,
-- tokens) as before, then the mail into the outbox. The ledger's confirmation_sent event (with the
-- Message-ID) is written when the worker has sent it (mail_outbox_sent). The endpoint answers
-- without waiting for SMTP.
create function public.newsletter_sign_up_and_mail(
  p_email text,
  p_first_name text,
  p_last_name text,
  p_language text,
  p_source text,
  p_page_url text,
  p_consent_text text,
  p_consent_version text,
  p_privacy_version text,
  p_origin text,
  p_ip text default null,
  p_user_agent text default null
) returns table (subscriber_id uuid, outbox_key text)
language plpgsql security definer set search_path = '' as $$
declare
  signed record;
  address text := lower(btrim(p_email));
  key text;
begin
  if coalesce(p_origin, '') !~ '^https?://[^/\s]+$' then
    raise exception 'origin must be an http(s) origin' using errcode = '22023';
  end if;
  select * into signed from public.newsletter_sign_up(p_email, p_first_name, p_last_name, p_language,
    p_source, p_page_url, p_consent_text, p_consent_version, p_privacy_version, p_ip, p_user_agent);
  key := 'newsletter-confirm.' || left(pg_catalog.encode(
    pg_catalog.sha256(pg_catalog.convert_to(signed.confirm_token, 'UTF8')), 'hex'), 40);
  perform private.enqueue_mail(key, address, p_language, 'newsletter.confirmation', jsonb_build_object(
    'name', coalesce(nullif(btrim(p_first_name), ''), split_part(address, '@', 1)),
    'origin', p_origin,
    'subscriber_id', signed.subscriber_id,
    'confirm', signed.confirm_token,
    'unsubscribe', signed.unsubscribe_token));
  subscriber_id := signed.subscriber_id;
  outbox_key := key;
  return next;
end $$;
revoke execute on function public.newsletter_sign_up_and_mail(text, text, text, text, text, text, text, text, text, text, text, text) from public, anon, authenticated;
grant execute on function public.newsletter_sign_up_and_mail(text, text, text, text, text, text, text, text, text, text, text, text) to service_role;

-- A review link for a client and, when the client has an address, its mail in one transaction.
-- The admin check is create_review_link's. The worker signs the token (REVIEW_LINK_SECRET stays
-- on the server) and writes the link on its configured origin.
create function public.send_review_link(client_id uuid, lang text, origin text, valid_hours integer default 168)
returns table (link_id uuid, token text, expires_at timestamptz, mailed boolean)
language plpgsql security definer set search_path = '' as $$
declare
  created record;
  client record;
begin
  if lang is null or lang not in ('nl', 'en', 'de') then
    raise exception 'language must be nl, en or de' using errcode = '22023';
  end if;
  if coalesce(origin, '') !~ '^https?://[^/\s]+$' then
    raise exception 'origin must be an http(s) origin' using errcode = '22023';
  end if;
  select * into created from public.create_review_link(send_review_link.client_id, valid_hours);
  select c.name, c.email into client from public.clients c where c.profile_id = send_review_link.client_id;
  mailed := coalesce(btrim(client.email), '') <> '';
  if mailed then
    perform private.enqueue_mail('ta-review-link.' || created.link_id, client.email, lang, 'ta.review_link',
      jsonb_build_object('name', client.name, 'origin', origin, 'link_id', created.link_id,
        'token', created.token, 'expires_at', created.expires_at));
  end if;
  link_id := created.link_id;
  token := created.token;
  expires_at := created.expires_at;
  return next;
end $$;
revoke execute on function public.send_review_link(uuid, text, text, integer) from public, anon;
grant execute on function public.send_review_link(uuid, text, text, integer) to authenticated;
