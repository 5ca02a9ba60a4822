-- A digest that always fits, and one recipient who cannot be mailed never stops the others (issue 22).
--
-- On the bench data public.notification_mails_enqueue raised `mail_outbox_payload_check` (the
-- outbox payload is at most 16 KB): a member's digest of 50 entries did not fit. The function
-- raised, the whole call rolled back, and nobody got a digest or an at-once mail again, on every
-- tick. Now:
--  * an entry's texts are bounded (only the `data` fields a mail reads, each cut), and a digest
--    lists at most 20 entries, newest first, fewer if the next one would take them past 14 KB
--    (2 KB stay for the unsubscribe tokens); the payload's `more` counts the waiting groups it
--    does not list ("And 40 more updates in the app", linked to /notifications). The digest covers
--    those too: every waiting group is marked mailed, so tomorrow's digest holds only groups with
--    new events (README, "Notification mail").
--  * each recipient's mail is written in its own subtransaction: an error there (any) rolls back
--    only that recipient, is logged (a WARNING) and counted in the result's `failed`. An at-once
--    row that failed leaves the mail index (it is still in the app); a member whose digest failed
--    is tried again the next local day, not on every tick.

-- One group as a mail shows it (the shape the app's list reads, features/notifications/model.ts),
-- with every text bounded: the name, the title and the few `data` fields a mail's sentence reads.
create or replace function private.notification_mail_entry(n public.notifications) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'id', n.id, 'kind', n.kind, 'actor_id', n.actor_id, 'actor_count', n.actor_count,
    'event_count', n.event_count, 'post_id', n.post_id, 'comment_id', n.comment_id,
    'preview_id', n.preview_id, 'other_id', n.other_id,
    'data', (select coalesce(jsonb_object_agg(d.key, case when jsonb_typeof(d.value) = 'string'
                                                      then to_jsonb(left(d.value #>> '{}', 200))
                                                      else d.value end), '{}'::jsonb)
               from jsonb_each(n.data) d
              where d.key in ('excerpt', 'feedback', 'expires_at', 'for', 'client')
                and jsonb_typeof(d.value) in ('string', 'number', 'boolean')),
    'last_event_at', n.last_event_at, 'read_at', null,
    'actor', (select jsonb_build_object('display_name', left(p.display_name, 80))
                from public.profiles p where p.user_id = n.actor_id),
    'post', (select jsonb_build_object('title', left(p.title, 120)) from public.posts p where p.id = n.post_id))
$$;

create or replace function public.notification_mails_enqueue(p_origin text, p_delay_seconds integer default 300)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  r record;
  grp public.notifications;
  instant integer := 0;
  digests integer := 0;
  failed integer := 0;
  entries jsonb;
  entry jsonb;
  ids uuid[];
  waiting integer;
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
    begin
      perform private.enqueue_mail(
        'notification.' || r.id || '.' || floor(extract(epoch from r.last_event_at) * 1000000)::bigint,
        r.address, private.mail_locale(r.recipient_id), 'notification.instant',
        jsonb_build_object('origin', p_origin, 'topic', private.notification_topic(r.kind),
          'unsubscribe', private.notification_unsubscribe_token(r.recipient_id, private.notification_topic(r.kind)),
          'entries', jsonb_build_array(private.notification_mail_entry(
            (select n from public.notifications n where n.id = r.id)))));
      update public.notifications set emailed_at = now() where id = r.id;
      instant := instant + 1;
    exception when others then
      -- This one mail cannot be written: the others still are. Out of the index (still in the app).
      raise warning 'notification_mails_enqueue: at-once mail of notification % failed: % (%)',
        r.id, sqlerrm, sqlstate;
      update public.notifications set mail = null where id = r.id;
      failed := failed + 1;
    end;
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
    begin
      -- The newest groups, at most 20 and at most 14 KB of entries (the outbox holds 16 KB with
      -- the unsubscribe tokens); `waiting` counts every group this digest covers.
      entries := '[]'::jsonb;
      ids := '{}';
      for grp in
        select d.* from public.notifications d
         where d.recipient_id = r.recipient_id and d.read_at is null and d.mail = 'digest'
           and (d.emailed_at is null or d.last_event_at > d.emailed_at)
         order by d.last_event_at desc limit 20
      loop
        entry := private.notification_mail_entry(grp);
        exit when pg_column_size(entries || jsonb_build_array(entry)) > 14336;
        entries := entries || jsonb_build_array(entry);
        ids := ids || grp.id;
      end loop;
      if cardinality(ids) > 0 then
        select count(*)::integer into waiting from public.notifications d
         where d.recipient_id = r.recipient_id and d.read_at is null and d.mail = 'digest'
           and (d.emailed_at is null or d.last_event_at > d.emailed_at);
        perform private.enqueue_mail(
          -- The date, and the newest event in it: the same digest state never makes two mails.
          'notification-digest.' || r.recipient_id || '.' || to_char(r.local_date, 'YYYYMMDD') || '.'
            || floor(extract(epoch from (entries -> 0 ->> 'last_event_at')::timestamptz) * 1000000)::bigint,
          r.address, private.mail_locale(r.recipient_id), 'notification.digest',
          jsonb_build_object('origin', p_origin, 'entries', entries,
            'more', greatest(waiting - cardinality(ids), 0),
            'unsubscribe', (select jsonb_object_agg(t.topic, private.notification_unsubscribe_token(r.recipient_id, t.topic))
                              from (select distinct private.notification_topic(e ->> 'kind') as topic
                                      from jsonb_array_elements(entries) e) t)));
        -- The digest covers every waiting group, listed or counted: none is mailed again without a new event.
        update public.notifications d set emailed_at = now()
         where d.recipient_id = r.recipient_id and d.read_at is null and d.mail = 'digest'
           and (d.emailed_at is null or d.last_event_at > d.emailed_at);
        insert into private.notification_digests (profile_id, local_date, entries)
        values (r.recipient_id, r.local_date, waiting);
        digests := digests + 1;
      end if;
    exception when others then
      -- This member's digest cannot be written: the others still are; this one is tried again the
      -- next local day (a digest row without entries), not on every tick.
      raise warning 'notification_mails_enqueue: digest of % failed: % (%)', r.recipient_id, sqlerrm, sqlstate;
      insert into private.notification_digests (profile_id, local_date, entries)
      values (r.recipient_id, r.local_date, 0) on conflict do nothing;
      failed := failed + 1;
    end;
    exit when digests + failed >= 200;
  end loop;
  return jsonb_build_object('instant', instant, 'digests', digests, 'failed', failed);
end $$;
revoke execute on function public.notification_mails_enqueue(text, integer) from public, anon, authenticated;
grant execute on function public.notification_mails_enqueue(text, integer) to service_role;
