-- The data export (issue 21) holds what later features keep about a person (version 2): their
-- notifications and notification settings, a client's connected social accounts (names and
-- state; tokens are never readable by any browser role and are not exported), and the comments
-- they wrote on previews (issue 27's conversations). Same shape otherwise; README "Your data".
create or replace function public.export_my_data() returns jsonb
language plpgsql stable security invoker set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  result jsonb;
begin
  if me is null then
    raise exception 'sign in first' using errcode = '42501';
  end if;
  with mine as (
    select m.id, m.sender_id = me as sent,
           case when m.sender_id = me then m.receiver_id else m.sender_id end as other_id,
           m.content, m.created_at, m.read_at, m.deleted_at
      from public.messages m
     where m.sender_id = me or m.receiver_id = me
  ), names as (
    select o.other_id, p.display_name
      from (select distinct other_id from mine) o
      left join public.profiles p on p.user_id = o.other_id
  )
  select jsonb_agg(jsonb_build_object(
           'id', m.id, 'direction', case when m.sent then 'sent' else 'received' end,
           'other', jsonb_build_object('id', m.other_id, 'display_name', n.display_name),
           'content', m.content, 'created_at', m.created_at, 'read_at', m.read_at,
           'deleted_at', m.deleted_at)
         order by m.created_at, m.id)
    into result
    from mine m join names n using (other_id);

  return jsonb_build_object(
    'version', 2,
    'exported_at', now(),
    'account', jsonb_build_object('id', me, 'email', auth.jwt() ->> 'email'),
    'profile', (select to_jsonb(p) from public.profiles p where p.id = me),
    'account_settings', (select jsonb_build_object('mail_locale', s.mail_locale, 'updated_at', s.updated_at)
                           from public.account_settings s where s.profile_id = me),
    'time_zone', (select z.time_zone from public.profile_time_zones z where z.profile_id = me),
    'posts', coalesce((select jsonb_agg(to_jsonb(p) order by p.created_at, p.id)
                         from public.posts p where p.user_id = me), '[]'::jsonb),
    'comments', coalesce((select jsonb_agg(to_jsonb(c) order by c.created_at, c.id)
                            from public.comments c where c.user_id = me), '[]'::jsonb),
    'likes', coalesce((select jsonb_agg(jsonb_build_object('id', l.id, 'post_id', l.post_id, 'created_at', l.created_at)
                                        order by l.created_at, l.id)
                         from public.likes l where l.user_id = me), '[]'::jsonb),
    'friendships', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', f.id, 'status', f.status,
               'direction', case when f.requester_id = me then 'sent' else 'received' end,
               'other', jsonb_build_object('id', o.id, 'display_name', p.display_name),
               'created_at', f.created_at, 'responded_at', f.responded_at)
             order by f.created_at, f.id)
        from public.friendships f
        cross join lateral (select case when f.requester_id = me then f.addressee_id else f.requester_id end as id) o
        left join public.profiles p on p.user_id = o.id
       where f.requester_id = me or f.addressee_id = me), '[]'::jsonb),
    'blocks', coalesce((select jsonb_agg(jsonb_build_object('blocked_id', b.blocked_id, 'created_at', b.created_at)
                                         order by b.created_at)
                          from public.blocks b where b.blocker_id = me), '[]'::jsonb),
    'reports', coalesce((select jsonb_agg(jsonb_build_object(
                                  'id', r.id, 'post_id', r.post_id, 'comment_id', r.comment_id,
                                  'member_id', r.member_id, 'reason', r.reason, 'status', r.status,
                                  'created_at', r.created_at, 'decided_at', r.decided_at)
                                order by r.created_at, r.id)
                           from public.reports r where r.reporter_id = me), '[]'::jsonb),
    'messages', coalesce(result, '[]'::jsonb),
    'notifications', coalesce((select jsonb_agg(jsonb_build_object(
                                        'id', n.id, 'kind', n.kind, 'actor_id', n.actor_id,
                                        'actor_count', n.actor_count, 'event_count', n.event_count,
                                        'post_id', n.post_id, 'comment_id', n.comment_id,
                                        'preview_id', n.preview_id, 'data', n.data,
                                        'created_at', n.created_at, 'last_event_at', n.last_event_at,
                                        'read_at', n.read_at, 'emailed_at', n.emailed_at)
                                      order by n.last_event_at, n.id)
                                 from public.notifications n where n.recipient_id = me), '[]'::jsonb),
    'notification_settings', jsonb_build_object(
      'topics', coalesce((select jsonb_agg(jsonb_build_object('topic', p.topic, 'in_app', p.in_app,
                                                              'email', p.email, 'updated_at', p.updated_at)
                                           order by p.topic)
                            from public.notification_preferences p where p.profile_id = me), '[]'::jsonb),
      'mail_paused_until', (select s.paused_until from public.notification_mail_settings s where s.profile_id = me)),
    'newsletter', public.my_newsletter_export(),
    'timeline_alchemy', jsonb_build_object(
      'client', (select jsonb_build_object('name', c.name, 'organization', c.organization, 'email', c.email,
                                           'created_at', c.created_at)
                   from public.clients c where c.profile_id = me),
      'previews', coalesce((select jsonb_agg(to_jsonb(p) order by p.created_at, p.id)
                              from public.previews p where p.client_id = me), '[]'::jsonb),
      'connections', coalesce((select jsonb_agg(jsonb_build_object(
                                        'platform', s.platform, 'account_name', s.account_name,
                                        'profile_url', s.profile_url, 'status', s.status,
                                        'connected_at', s.connected_at)
                                      order by s.platform)
                                 from public.social_connections s where s.client_id = me), '[]'::jsonb),
      'comments', coalesce((select jsonb_agg(jsonb_build_object(
                                     'id', c.id, 'preview_id', c.preview_id, 'revision', c.revision,
                                     'body', c.body, 'created_at', c.created_at, 'edited_at', c.edited_at,
                                     'resolved_at', c.resolved_at)
                                   order by c.created_at, c.id)
                              from public.preview_comments c where c.author_id = me), '[]'::jsonb),
      'decisions', coalesce((select jsonb_agg(jsonb_build_object(
                                      'preview_id', h.preview_id, 'event', h.event, 'revision', h.revision,
                                      'by_me', h.actor_id = me, 'via_link', h.via_link,
                                      'feedback', h.feedback, 'at', h.created_at)
                                    order by h.created_at, h.id)
                               from public.preview_history h where h.client_id = me), '[]'::jsonb),
      'authored', jsonb_build_object(
        'ideas', coalesce((select jsonb_agg(to_jsonb(i) order by i.created_at, i.id)
                             from public.ideas i where i.created_by = me), '[]'::jsonb),
        'previews', coalesce((select jsonb_agg(to_jsonb(p) order by p.created_at, p.id)
                                from public.previews p where p.created_by = me), '[]'::jsonb),
        'blog_posts', coalesce((select jsonb_agg(to_jsonb(b) order by b.created_at, b.id)
                                  from public.blog_posts b where b.author_id = me), '[]'::jsonb))),
    'files', public.my_files()
  );
end $$;
revoke execute on function public.export_my_data() from public, anon;
grant execute on function public.export_my_data() to authenticated;
