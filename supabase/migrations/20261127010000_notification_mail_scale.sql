-- Notification mail that holds up on a large database (issue 22).
--
-- The worker's step public.notification_mails_enqueue scanned every unread notification and asked
-- private.notification_email_mode() per row: on the bench's data set (200,000 messages, 100,000
-- posts with likes and comments) that was a full scan of ~150,000 unread rows per call, over the
-- API's 8 s statement timeout, every minute. Now:
--  * each row carries `mail`: what it is waiting for ('instant', 'digest'; null: no mail), stamped
--    by the writer from the recipient's preference and re-stamped on the recipient's unread rows
--    when the preference changes (a trigger), so the scan needs no per-row function;
--  * two partial indexes hold exactly the rows still waiting for a mail (unread, `mail` set, never
--    mailed or grown since); likes (default: no mail) and handled rows are not in them;
--  * each call is bounded: at most 500 at-once rows in order of their last event, the digest's
--    members found by a skip scan over the digest index, at most 200 digests; rows that will never
--    be mailed in their state (paused, no address) leave the index instead of being read again.
-- And: a notification nobody wants (hidden in the app and no e-mail for its topic) is not written.

alter table public.notifications add column mail text
  constraint notifications_mail check (mail in ('instant', 'digest'));

update public.notifications n
   set mail = nullif(private.notification_email_mode(n.recipient_id, n.kind), 'off')
 where n.read_at is null and (n.emailed_at is null or n.last_event_at > n.emailed_at);

drop index if exists public.notifications_mail_due_idx;
create index notifications_mail_instant_idx on public.notifications (last_event_at)
  where read_at is null and mail = 'instant' and (emailed_at is null or last_event_at > emailed_at);
create index notifications_mail_digest_idx on public.notifications (recipient_id, last_event_at desc)
  where read_at is null and mail = 'digest' and (emailed_at is null or last_event_at > emailed_at);

-- The one writer, now also stamping the mail the row waits for, and skipping recipients who want
-- neither the row in the app nor a mail about it.
create or replace function private.notify(
  recipients uuid[], p_kind text, p_group_key text, p_actor uuid,
  p_post uuid default null, p_comment uuid default null, p_preview uuid default null,
  p_other uuid default null, p_data jsonb default '{}'::jsonb
) returns void
language sql security definer set search_path = '' as $$
  insert into public.notifications as n
    (recipient_id, kind, group_key, actor_id, actor_ids, post_id, comment_id, preview_id, other_id, data,
     in_app, mail)
  select t.r, p_kind, p_group_key, p_actor, case when p_actor is null then '{}'::uuid[] else array[p_actor] end,
         p_post, p_comment, p_preview, p_other, coalesce(p_data, '{}'::jsonb), t.in_app, nullif(t.email, 'off')
    from (select r, coalesce(pref.in_app, true) as in_app,
                 coalesce(pref.email, private.notification_default_email(private.notification_topic(p_kind))) as email
            from (select distinct unnest(recipients) as r) u
            left join public.notification_preferences pref
              on pref.profile_id = u.r and pref.topic = private.notification_topic(p_kind)) t
   where t.r is not null
     and t.r is distinct from p_actor
     and (t.in_app or t.email <> 'off')
     and not exists (
       select 1 from public.blocks b
        where (b.blocker_id = p_actor and b.blocked_id = t.r) or (b.blocker_id = t.r and b.blocked_id = p_actor))
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
         mail = excluded.mail,
         last_event_at = now(),
         updated_at = now();
$$;
revoke execute on function private.notify(uuid[], text, text, uuid, uuid, uuid, uuid, uuid, jsonb) from public;

-- A changed e-mail choice applies to the member's unread rows of that topic too (as the per-row
-- lookup did): "off" (the one-click unsubscribe too) stops their mail, "instant"/"digest" moves them.
create function private.notification_preferences_restamp() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.notifications n set mail = nullif(new.email, 'off')
   where n.recipient_id = new.profile_id and n.read_at is null
     and private.notification_topic(n.kind) = new.topic
     and n.mail is distinct from nullif(new.email, 'off');
  return null;
end $$;
revoke execute on function private.notification_preferences_restamp() from public, anon, authenticated;
create trigger notification_preferences_restamp after insert or update of email on public.notification_preferences
  for each row execute function private.notification_preferences_restamp();

create or replace function public.notification_mails_enqueue(p_origin text, p_delay_seconds integer default 300)
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

  -- At once: one mail per group and state; at most 500 rows a call, oldest event first, read from
  -- notifications_mail_instant_idx (a grown group waits an hour after its last mail).
  for r in
    select n.id, n.recipient_id, n.kind, n.last_event_at, u.email as address,
           coalesce(n.last_event_at < s.paused_until, false) as paused
      from (select d.id, d.recipient_id, d.kind, d.last_event_at from public.notifications d
             where d.read_at is null and d.mail = 'instant'
               and (d.emailed_at is null or d.last_event_at > d.emailed_at)
               and (d.emailed_at is null or d.emailed_at < now() - interval '1 hour')
               and d.last_event_at <= now() - make_interval(secs => greatest(coalesce(p_delay_seconds, 300), 0))
             order by d.last_event_at
             limit 500) n
      left join auth.users u on u.id = n.recipient_id
      left join public.notification_mail_settings s on s.profile_id = n.recipient_id
     order by n.last_event_at
  loop
    if r.paused or coalesce(r.address, '') not like '%_@_%' then
      -- Never mailed in this state (an event during a pause, no address): out of the index.
      update public.notifications set mail = null where id = r.id;
      continue;
    end if;
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

  -- The daily digest: the members with rows waiting for it (a skip scan over
  -- notifications_mail_digest_idx: one index probe per member), whose local clock is past 08:00
  -- and who had none that local day; at most 200 a call.
  for r in
    with recursive m (id) as (
      (select d.recipient_id from public.notifications d
        where d.read_at is null and d.mail = 'digest' and (d.emailed_at is null or d.last_event_at > d.emailed_at)
        order by d.recipient_id limit 1)
      union all
      select (select d.recipient_id from public.notifications d
               where d.read_at is null and d.mail = 'digest' and (d.emailed_at is null or d.last_event_at > d.emailed_at)
                 and d.recipient_id > m.id
               order by d.recipient_id limit 1)
        from m where m.id is not null
    )
    select c.recipient_id, u.email as address, c.local_now::date as local_date, s.paused_until
      from (select m.id as recipient_id, (now() at time zone coalesce(z.time_zone, 'Europe/Amsterdam')) as local_now
              from m left join public.profile_time_zones z on z.profile_id = m.id
             where m.id is not null) c
      left join auth.users u on u.id = c.recipient_id
      left join public.notification_mail_settings s on s.profile_id = c.recipient_id
     where extract(hour from c.local_now) >= 8
       and not exists (select 1 from private.notification_digests g
                        where g.profile_id = c.recipient_id and g.local_date = c.local_now::date)
  loop
    if coalesce(r.address, '') not like '%_@_%' or r.paused_until is not null then
      -- Never mailed in this state: out of the index (no address; events before a pause's end).
      update public.notifications n set mail = null
       where n.recipient_id = r.recipient_id and n.read_at is null and n.mail = 'digest'
         and (n.emailed_at is null or n.last_event_at > n.emailed_at)
         and (coalesce(r.address, '') not like '%_@_%' or n.last_event_at < r.paused_until);
    end if;
    continue when coalesce(r.address, '') not like '%_@_%';
    select coalesce(jsonb_agg(private.notification_mail_entry(n) order by n.last_event_at desc), '[]'::jsonb),
           array_agg(n.id)
      into entries, ids
      from (select n.* from public.notifications n
             where n.recipient_id = r.recipient_id and n.read_at is null and n.mail = 'digest'
               and (n.emailed_at is null or n.last_event_at > n.emailed_at)
             order by n.last_event_at desc limit 50) n;
    continue when ids is null;
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
    exit when digests >= 200;
  end loop;
  return jsonb_build_object('instant', instant, 'digests', digests);
end $$;
revoke execute on function public.notification_mails_enqueue(text, integer) from public, anon, authenticated;
grant execute on function public.notification_mails_enqueue(text, integer) to service_role;
