-- Notification preferences and notification mail (issue 22, points 3 and 5).
--
-- Kinds are grouped into the topics a person understands: comments, likes, friends, messages,
-- moderation and Timeline Alchemy ("alchemy"). Per member and topic: in the app on/off, and e-mail
-- off / at once ('instant') / in the daily digest ('digest'). A missing row means the default
-- (private.notification_default_email): a calm inbox. Written only through
-- public.set_my_notification_preferences() and public.pause_my_notification_mail(); read by the
-- person only. The time zone of the digest is the one of public.profile_time_zones
-- (public.set_my_time_zone(), validated against pg_timezone_names); without one, Europe/Amsterdam.
--
-- In-app off: the row is still written (the mail worker needs it when e-mail is on for that topic),
-- with in_app = false, and the recipient's select policy hides it (bell, panel, page, realtime);
-- "mark all read" leaves hidden rows alone, so hiding a topic never swallows its mails.
--
-- Mail: public.notification_mails_enqueue(origin), run by the outbox worker every minute (the
-- Netlify scheduled function, the local stack's timer), writes into private.mail_outbox:
--  * at once: one mail per unread group whose last event is at least p_delay_seconds old and not
--    mailed in that state yet (idempotency key per group and last event; a group that grows after
--    its mail mails again, at most once an hour); messages are marked read when the thread is
--    read, so "only when still unread after a few minutes" is the same rule;
--  * digest: at most one mail a day per member (private.notification_digests holds the local
--    dates), at or after 08:00 in the member's zone, one entry per unread group not mailed yet.
-- Nothing is mailed for what was read in the app, for events during a pause (paused_until: the
-- pause's end; "resume" sets it to now()), or about a member in a block (the notification writer
-- and the block trigger already keep them out of the rows).
--
-- Unsubscribe: every notification mail carries a token for (member, topic): the member's random
-- secret hashed with the topic. public.notification_unsubscribe(token), callable without sign-in
-- (RFC 8058 one-click), turns that topic's e-mail off. A forged token changes nothing.

create function private.notification_topic(kind text) returns text
language sql immutable set search_path = '' as $$
  select case
    when kind in ('comment_on_post', 'comment_on_thread') then 'comments'
    when kind = 'like_on_post' then 'likes'
    when kind in ('friend_request', 'friend_accepted') then 'friends'
    when kind = 'message' then 'messages'
    when kind in ('content_hidden', 'moderation_kept', 'moderation_removed') then 'moderation'
    else 'alchemy' end
$$;

-- The calm defaults (README "Notifications"): messages, friends, moderation and Timeline Alchemy at
-- once; comments in the daily digest; likes never by mail.
create function private.notification_default_email(topic text) returns text
language sql immutable set search_path = '' as $$
  select case topic when 'comments' then 'digest' when 'likes' then 'off' else 'instant' end
$$;

create table public.notification_preferences (
  profile_id uuid not null references public.profiles (id) on delete cascade,
  topic text not null,
  in_app boolean not null default true,
  email text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (profile_id, topic),
  constraint notification_preferences_topic check (topic in ('comments', 'likes', 'friends', 'messages', 'moderation', 'alchemy')),
  constraint notification_preferences_email check (email in ('off', 'instant', 'digest'))
);
create trigger notification_preferences_server_timestamps before insert or update on public.notification_preferences
  for each row execute function private.server_timestamps();
alter table public.notification_preferences enable row level security;
create policy "people read their own notification preferences" on public.notification_preferences
  for select to authenticated using (profile_id = (select auth.uid()));
revoke insert, update, delete, truncate on public.notification_preferences from anon, authenticated;
revoke all on public.notification_preferences from anon;

create table public.notification_mail_settings (
  profile_id uuid primary key references public.profiles (id) on delete cascade,
  -- No notification mail for events before this moment (a pause; "resume" sets it to now()).
  paused_until timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger notification_mail_settings_server_timestamps before insert or update on public.notification_mail_settings
  for each row execute function private.server_timestamps();
alter table public.notification_mail_settings enable row level security;
create policy "people read their own notification mail settings" on public.notification_mail_settings
  for select to authenticated using (profile_id = (select auth.uid()));
revoke insert, update, delete, truncate on public.notification_mail_settings from anon, authenticated;
revoke all on public.notification_mail_settings from anon;

-- The local dates a digest went out (one a day); and each member's unsubscribe secret.
create table private.notification_digests (
  profile_id uuid not null references public.profiles (id) on delete cascade,
  local_date date not null,
  sent_at timestamptz not null default now(),
  entries integer not null,
  primary key (profile_id, local_date)
);
create table private.notification_mail_keys (
  profile_id uuid primary key references public.profiles (id) on delete cascade,
  secret text not null default (gen_random_uuid()::text || gen_random_uuid()::text)
);
revoke all on private.notification_digests, private.notification_mail_keys from public, anon, authenticated;

-- The effective e-mail mode of one member for one kind.
create function private.notification_email_mode(person uuid, kind text) returns text
language sql stable security definer set search_path = '' as $$
  select coalesce(
    (select p.email from public.notification_preferences p
      where p.profile_id = person and p.topic = private.notification_topic(kind)),
    private.notification_default_email(private.notification_topic(kind)))
$$;

-- In-app visibility: a column set when the row is written, read by the recipient's policy.
alter table public.notifications add column in_app boolean not null default true;
drop policy "recipients read their own notifications" on public.notifications;
create policy "recipients read their own notifications" on public.notifications
  for select to authenticated
  using (recipient_id = (select auth.uid()) and in_app);
-- The worker's scan: unread groups that may still need a mail.
create index notifications_mail_due_idx on public.notifications (last_event_at)
  where read_at is null;

create or replace function public.mark_notifications_read(ids uuid[] default null) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  changed integer;
begin
  if me is null then
    raise exception 'sign in first' using errcode = '42501';
  end if;
  if ids is not null and cardinality(ids) > 500 then
    raise exception 'at most 500 ids at once' using errcode = '22023';
  end if;
  -- Only what the person can see: a topic hidden in the app is not "read" by "mark all".
  update public.notifications set read_at = now(), updated_at = now()
   where recipient_id = me and read_at is null and in_app and (ids is null or id = any (ids));
  get diagnostics changed = row_count;
  return changed;
end $$;

-- The one writer again, now recording the recipient's in-app choice for the topic.
create or replace function private.notify(
  recipients uuid[], p_kind text, p_group_key text, p_actor uuid,
  p_post uuid default null, p_comment uuid default null, p_preview uuid default null,
  p_other uuid default null, p_data jsonb default '{}'::jsonb
) returns void
language sql security definer set search_path = '' as $$
  insert into public.notifications as n
    (recipient_id, kind, group_key, actor_id, actor_ids, post_id, comment_id, preview_id, other_id, data, in_app)
  select r, p_kind, p_group_key, p_actor, case when p_actor is null then '{}'::uuid[] else array[p_actor] end,
         p_post, p_comment, p_preview, p_other, coalesce(p_data, '{}'::jsonb), coalesce(pref.in_app, true)
    from (select distinct unnest(recipients) as r) t
    left join public.notification_preferences pref
      on pref.profile_id = t.r and pref.topic = private.notification_topic(p_kind)
   where r is not null
     and r is distinct from p_actor
     and not exists (
       select 1 from public.blocks b
        where (b.blocker_id = p_actor and b.blocked_id = r) or (b.blocker_id = r and b.blocked_id = p_actor))
  on conflict (recipient_id, group_key) where read_at is null do update
     set actor_id = coalesce(excluded.actor_id, n.actor_id),
         actor_ids = case
           when excluded.actor_id is null or excluded.actor_id = any (n.actor_ids) then n.actor_ids
           else n.actor_ids || excluded.actor_id end,
         event_count = n.event_count + 1,
         post_id = coalesce(excluded.post_id, n.post_id),
         comment_id = coalesce(excluded.comment_id, n.comment_id),
         preview_id = coalesce(excluded.preview_id, n.preview_id),
         other_id = coalesce(excluded.other_id, n.other_id),
         data = n.data || excluded.data,
         in_app = excluded.in_app,
         last_event_at = now(),
         updated_at = now();
$$;
revoke execute on function private.notify(uuid[], text, text, uuid, uuid, uuid, uuid, uuid, jsonb) from public;

-- The signed-in person's preferences, defaults filled in, with the pause and the digest's zone.
create function public.my_notification_preferences() returns jsonb
language sql stable security definer set search_path = '' as $$
  select case when (select auth.uid()) is null then null else jsonb_build_object(
    'topics', (select jsonb_agg(jsonb_build_object(
        'topic', t.topic,
        'in_app', coalesce(p.in_app, true),
        'email', coalesce(p.email, private.notification_default_email(t.topic))) order by t.ord)
      from unnest(array['messages', 'friends', 'comments', 'likes', 'moderation', 'alchemy'])
           with ordinality as t(topic, ord)
      left join public.notification_preferences p
        on p.profile_id = (select auth.uid()) and p.topic = t.topic),
    'paused_until', (select s.paused_until from public.notification_mail_settings s
                      where s.profile_id = (select auth.uid()) and s.paused_until > now()),
    'time_zone', (select z.time_zone from public.profile_time_zones z
                   where z.profile_id = (select auth.uid()))) end
$$;

-- Saves the given topics (an array of {topic, in_app, email}); all or nothing. Returns the state.
create function public.set_my_notification_preferences(topics jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  item jsonb;
begin
  if me is null then
    raise exception 'sign in first' using errcode = '42501';
  end if;
  if jsonb_typeof(topics) is distinct from 'array' or jsonb_array_length(topics) > 6 then
    raise exception 'topics must be a list of at most 6 entries' using errcode = '22023';
  end if;
  for item in select * from jsonb_array_elements(topics) loop
    if jsonb_typeof(item -> 'in_app') is distinct from 'boolean'
       or coalesce(item ->> 'topic', '') not in ('comments', 'likes', 'friends', 'messages', 'moderation', 'alchemy')
       or coalesce(item ->> 'email', '') not in ('off', 'instant', 'digest') then
      raise exception 'unknown topic or setting' using errcode = '22023';
    end if;
    insert into public.notification_preferences as p (profile_id, topic, in_app, email)
    values (me, item ->> 'topic', (item ->> 'in_app')::boolean, item ->> 'email')
    on conflict (profile_id, topic) do update set in_app = excluded.in_app, email = excluded.email
      where (p.in_app, p.email) is distinct from (excluded.in_app, excluded.email);
  end loop;
  return public.my_notification_preferences();
end $$;

-- Pauses all notification mail for `days` days (1..30), or resumes it (0). Returns the state.
create function public.pause_my_notification_mail(days integer default 7) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
begin
  if me is null then
    raise exception 'sign in first' using errcode = '42501';
  end if;
  if days is null or days not between 0 and 30 then
    raise exception 'a pause lasts 0 to 30 days' using errcode = '22023';
  end if;
  insert into public.notification_mail_settings as s (profile_id, paused_until)
  values (me, now() + make_interval(days => days))
  on conflict (profile_id) do update set paused_until = excluded.paused_until;
  return public.my_notification_preferences();
end $$;

revoke execute on function public.my_notification_preferences() from public, anon;
revoke execute on function public.set_my_notification_preferences(jsonb) from public, anon;
revoke execute on function public.pause_my_notification_mail(integer) from public, anon;
grant execute on function public.my_notification_preferences() to authenticated;
grant execute on function public.set_my_notification_preferences(jsonb) to authenticated;
grant execute on function public.pause_my_notification_mail(integer) to authenticated;

-- The unsubscribe token of (member, topic): `<member>.<topic>.<hash>`; the hash needs the secret.
create function private.notification_unsubscribe_token(person uuid, topic text) returns text
language plpgsql security definer set search_path = '' as $$
declare
  key text;
begin
  insert into private.notification_mail_keys (profile_id) values (person) on conflict do nothing;
  select k.secret into key from private.notification_mail_keys k where k.profile_id = person;
  return person || '.' || topic || '.' || pg_catalog.encode(
    pg_catalog.sha256(pg_catalog.convert_to(key || ':' || topic, 'UTF8')), 'hex');
end $$;

-- One-click unsubscribe (no sign-in): turns e-mail off for the token's topic. Idempotent. Returns
-- the topic, or raises 22023 for a token that is not one of ours.
create function public.notification_unsubscribe(token text) returns text
language plpgsql security definer set search_path = '' as $$
declare
  parts text[] := regexp_match(coalesce(token, ''),
    '^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(comments|likes|friends|messages|moderation|alchemy)\.([0-9a-f]{64})$');
  key text;
begin
  if parts is null then
    raise exception 'invalid unsubscribe token' using errcode = '22023';
  end if;
  select k.secret into key from private.notification_mail_keys k where k.profile_id = parts[1]::uuid;
  if key is null or pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(key || ':' || parts[2], 'UTF8')), 'hex')
       <> parts[3] then
    raise exception 'invalid unsubscribe token' using errcode = '22023';
  end if;
  insert into public.notification_preferences as p (profile_id, topic, email)
  values (parts[1]::uuid, parts[2], 'off')
  on conflict (profile_id, topic) do update set email = 'off' where p.email <> 'off';
  return parts[2];
end $$;
revoke execute on function public.notification_unsubscribe(text) from public;
grant execute on function public.notification_unsubscribe(text) to anon, authenticated, service_role;

-- One group as the mail shows it: the shape the app's list reads (features/notifications/model.ts).
create function private.notification_mail_entry(n public.notifications) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'id', n.id, 'kind', n.kind, 'actor_id', n.actor_id, 'actor_count', n.actor_count,
    'event_count', n.event_count, 'post_id', n.post_id, 'comment_id', n.comment_id,
    'preview_id', n.preview_id, 'other_id', n.other_id, 'data', n.data,
    'last_event_at', n.last_event_at, 'read_at', null,
    'actor', (select jsonb_build_object('display_name', left(p.display_name, 80))
                from public.profiles p where p.user_id = n.actor_id),
    'post', (select jsonb_build_object('title', left(p.title, 120)) from public.posts p where p.id = n.post_id))
$$;

-- The worker's step before sending (service role only): writes the due notification mails into
-- the outbox. Serialized by an advisory lock, so two workers never mail the same state twice
-- (the idempotency keys would stop that too). Returns {"instant": n, "digests": m}.
create function public.notification_mails_enqueue(p_origin text, p_delay_seconds integer default 300)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  r record;
  instant integer := 0;
  digests integer := 0;
  entries jsonb;
  ids uuid[];
begin
  if coalesce(p_origin, '') !~ '^https?://[^/\s]+$' then
    raise exception 'origin must be an http(s) origin' using errcode = '22023';
  end if;
  perform pg_advisory_xact_lock(hashtext('public.notification_mails_enqueue'));

  -- At once: one mail per group and state.
  for r in
    select n.*, u.email as address
      from public.notifications n
      join auth.users u on u.id = n.recipient_id
      left join public.notification_mail_settings s on s.profile_id = n.recipient_id
     where n.read_at is null
       and (n.emailed_at is null or (n.last_event_at > n.emailed_at and n.emailed_at < now() - interval '1 hour'))
       and n.last_event_at <= now() - make_interval(secs => greatest(coalesce(p_delay_seconds, 300), 0))
       and (s.paused_until is null or n.last_event_at >= s.paused_until)
       and coalesce(u.email, '') like '%_@_%'
       and private.notification_email_mode(n.recipient_id, n.kind) = 'instant'
     order by n.last_event_at
     limit 500
  loop
    perform private.enqueue_mail(
      'notification.' || r.id || '.' || floor(extract(epoch from r.last_event_at) * 1000000)::bigint,
      r.address, private.mail_locale(r.recipient_id), 'notification.instant',
      jsonb_build_object('origin', p_origin, 'topic', private.notification_topic(r.kind),
        'unsubscribe', private.notification_unsubscribe_token(r.recipient_id, private.notification_topic(r.kind)),
        'entries', jsonb_build_array(private.notification_mail_entry(
          (select n from public.notifications n where n.id = r.id)))));
    update public.notifications set emailed_at = now() where id = r.id;
    instant := instant + 1;
  end loop;

  -- The daily digest: members with digest rows whose local clock is past 08:00 and who had none today.
  for r in
    select c.recipient_id, u.email as address, c.local_now::date as local_date
      from (select n.recipient_id,
                   (now() at time zone coalesce(z.time_zone, 'Europe/Amsterdam')) as local_now
              from public.notifications n
              left join public.profile_time_zones z on z.profile_id = n.recipient_id
              left join public.notification_mail_settings s on s.profile_id = n.recipient_id
             where n.read_at is null
               and (n.emailed_at is null or n.last_event_at > n.emailed_at)
               and (s.paused_until is null or n.last_event_at >= s.paused_until)
               and private.notification_email_mode(n.recipient_id, n.kind) = 'digest'
             group by n.recipient_id, z.time_zone) c
      join auth.users u on u.id = c.recipient_id
     where extract(hour from c.local_now) >= 8
       and coalesce(u.email, '') like '%_@_%'
       and not exists (select 1 from private.notification_digests g
                        where g.profile_id = c.recipient_id and g.local_date = c.local_now::date)
     limit 200
  loop
    select coalesce(jsonb_agg(private.notification_mail_entry(n) order by n.last_event_at desc), '[]'::jsonb),
           array_agg(n.id)
      into entries, ids
      from (select n.* from public.notifications n
              left join public.notification_mail_settings s on s.profile_id = n.recipient_id
             where n.recipient_id = r.recipient_id and n.read_at is null
               and (n.emailed_at is null or n.last_event_at > n.emailed_at)
               and (s.paused_until is null or n.last_event_at >= s.paused_until)
               and private.notification_email_mode(n.recipient_id, n.kind) = 'digest'
             order by n.last_event_at desc limit 50) n;
    perform private.enqueue_mail(
      -- The date, and the newest event in it: the same digest state never makes two mails.
      'notification-digest.' || r.recipient_id || '.' || to_char(r.local_date, 'YYYYMMDD') || '.'
        || floor(extract(epoch from (entries -> 0 ->> 'last_event_at')::timestamptz) * 1000000)::bigint,
      r.address, private.mail_locale(r.recipient_id), 'notification.digest',
      jsonb_build_object('origin', p_origin, 'entries', entries,
        'unsubscribe', (select jsonb_object_agg(t.topic, private.notification_unsubscribe_token(r.recipient_id, t.topic))
                          from (select distinct private.notification_topic(e ->> 'kind') as topic
                                  from jsonb_array_elements(entries) e) t)));
    update public.notifications set emailed_at = now() where id = any (ids);
    insert into private.notification_digests (profile_id, local_date, entries)
    values (r.recipient_id, r.local_date, cardinality(ids));
    digests := digests + 1;
  end loop;
  return jsonb_build_object('instant', instant, 'digests', digests);
end $$;
revoke execute on function public.notification_mails_enqueue(text, integer) from public, anon, authenticated;
grant execute on function public.notification_mails_enqueue(text, integer) to service_role;

revoke execute on function private.notification_topic(text), private.notification_default_email(text),
  private.notification_email_mode(uuid, text), private.notification_unsubscribe_token(uuid, text),
  private.notification_mail_entry(public.notifications) from public, anon, authenticated;

-- What was written before notification mail existed is not mailed now (no flood on the day this
-- ships): those groups count as handled. New events on them mail as usual.
update public.notifications set emailed_at = now() where emailed_at is null;
