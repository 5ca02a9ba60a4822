-- Export my data and delete my account (issue 21, points 3 and 4; GDPR articles 15, 17, 20).
--
-- * public.export_my_data(): everything stored about the caller as one jsonb, read with the
--   caller's own rights (SECURITY INVOKER: row-level security decides, as in the app). Only the
--   newsletter consent ledger, which RLS shows to admins alone, comes through a narrow SECURITY
--   DEFINER function that reads the caller's own confirmed address and nothing else.
-- * public.delete_my_account(): erases the caller. The site's endpoint first removes their files
--   through the Storage API (their own token may delete their own folder); the function refuses
--   while any file of theirs is left, then pseudonymises their newsletter consent proof and
--   deletes the auth user, which cascades to the profile and everything hanging off it.
-- * Messages: deleted with the person, in both directions (the foreign keys cascade). Keeping a
--   conversation "from a former member" would keep the person's words, which identify them as
--   much as a name does; the export hands them their copy first. The other side's conversation
--   list loses its entry too (private.conversations, below).
-- * Timeline Alchemy: a client's record (the merchant's own business data: name, organisation,
--   address the admin entered) and their previews stay for the admin, marked with
--   clients.account_deleted_at so the dashboard can say "client deleted their account"; the
--   client's review links are revoked.

-- Timeline Alchemy client records outlive the account ----------------------------------------
alter table public.clients add column account_deleted_at timestamptz;
comment on column public.clients.account_deleted_at is
  'Set when the client''s own account was deleted: the record and its previews stay for the admin; nobody can sign in as this client any more.';

-- previews.client_id references clients.profile_id; with the foreign key to profiles (on delete
-- set null) a client with previews could not be deleted at all (the null would orphan the
-- previews). The link is now kept by the triggers below instead: a live client needs a profile,
-- a deleted one keeps its now meaningless id so its previews stay together.
alter table public.clients drop constraint if exists clients_profile_id_fkey;

create function private.clients_profile_exists() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.profile_id is not null and new.account_deleted_at is null
     and not exists (select 1 from public.profiles p where p.id = new.profile_id) then
    raise exception 'clients.profile_id must name an existing profile' using errcode = '23503';
  end if;
  return new;
end $$;
create trigger clients_profile_exists before insert or update of profile_id, account_deleted_at on public.clients
  for each row execute function private.clients_profile_exists();

-- Whoever deletes a profile (the person, an admin, the service role): what refers to it without
-- a foreign key is tidied here.
create function private.profiles_after_delete() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.clients set account_deleted_at = now()
   where profile_id = old.id and account_deleted_at is null;
  update public.preview_review_links set revoked_at = now()
   where client_id = old.id and revoked_at is null;
  -- The other side's conversation entries with this person (their own cascade by owner_id).
  delete from private.conversations where other_id = old.user_id;
  delete from private.rate_events where user_id = old.user_id;
  return null;
end $$;
create trigger profiles_after_delete after delete on public.profiles
  for each row execute function private.profiles_after_delete();
revoke execute on function private.clients_profile_exists, private.profiles_after_delete
  from public, anon, authenticated;

-- The consent ledger may be pseudonymised, never rewritten ----------------------------------
-- Still append-only for everyone; the one exception is delete_my_account() below, which sets
-- privacy.erasure for its own transaction and may only blank the identifying columns (address
-- replaced by its keyed hash, IP, user agent, page and detail dropped). What proves the consent
-- (event, time, consent text, its version and hash, privacy policy version, language, source)
-- cannot change.
create or replace function private.newsletter_ledger_append_only() returns trigger
language plpgsql set search_path = '' as $$
begin
  -- Past their retention, pseudonymised rows may go (newsletter_purge_erased() below).
  if tg_op = 'DELETE' and coalesce(current_setting('privacy.erasure', true), '') = 'on'
     and old.email like 'erased:%' and old.created_at < now() - interval '3 years' then
    return old;
  end if;
  if tg_op = 'UPDATE' and coalesce(current_setting('privacy.erasure', true), '') = 'on'
     and (new.id, new.subscriber_id, new.consent, new.source, new.language, new.consent_text,
          new.created_at, new.event, new.consent_version, new.consent_hash, new.privacy_version)
         is not distinct from
         (old.id, old.subscriber_id, old.consent, old.source, old.language, old.consent_text,
          old.created_at, old.event, old.consent_version, old.consent_hash, old.privacy_version)
     and new.ip is null and new.user_agent is null and new.page_url is null
     and new.detail = '{}'::jsonb and new.email like 'erased:%' then
    return new;
  end if;
  raise exception 'the consent ledger is append-only: record a new event instead'
    using errcode = '42501';
end $$;

-- Retention of the pseudonymised proof: three years after a former member's last ledger event,
-- their subscription's rows are removed. Idempotent; for a scheduled job with the service role.
create function public.newsletter_purge_erased() returns integer
language plpgsql security definer set search_path = '' as $$
declare
  ids uuid[];
begin
  select coalesce(array_agg(s.id), '{}') into ids from public.newsletter_subscribers s
   where s.email like '%@erased.invalid'
     and not exists (select 1 from public.newsletter_consents c
                      where c.subscriber_id = s.id and c.created_at >= now() - interval '3 years');
  perform set_config('privacy.erasure', 'on', true);
  delete from public.newsletter_consents where subscriber_id = any(ids);
  perform set_config('privacy.erasure', 'off', true);
  delete from private.newsletter_tokens where subscriber_id = any(ids);
  delete from public.newsletter_subscribers where id = any(ids);
  return cardinality(ids);
end $$;
revoke execute on function public.newsletter_purge_erased() from public, anon, authenticated;
grant execute on function public.newsletter_purge_erased() to service_role;

-- Newsletter part of the export: the caller's confirmed address only ------------------------
create function public.my_newsletter_export() returns jsonb
language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'email', s.email, 'first_name', s.first_name, 'last_name', s.last_name,
           'language', s.language, 'source', s.source, 'status', s.status,
           'subscribed_at', s.created_at, 'confirmed_at', s.confirmed_at,
           'unsubscribed_at', s.unsubscribed_at,
           'consents', coalesce((
             select jsonb_agg(jsonb_build_object(
                      'event', c.event, 'consent', c.consent, 'at', c.created_at,
                      'email', c.email, 'language', c.language, 'source', c.source,
                      'page_url', c.page_url, 'consent_text', c.consent_text,
                      'consent_version', c.consent_version, 'consent_hash', c.consent_hash,
                      'privacy_version', c.privacy_version, 'ip', c.ip, 'user_agent', c.user_agent)
                    order by c.created_at, c.id)
               from public.newsletter_consents c where c.subscriber_id = s.id), '[]'::jsonb))
         order by s.created_at), '[]'::jsonb)
    from public.newsletter_subscribers s
   where (select auth.uid()) is not null
     and lower(s.email) = (
       select lower(u.email) from auth.users u
        where u.id = (select auth.uid()) and u.email_confirmed_at is not null
          and u.email_confirmed_at <= now() and u.deleted_at is null)
$$;
revoke execute on function public.my_newsletter_export() from public, anon;
grant execute on function public.my_newsletter_export() to authenticated;

-- The caller's uploaded files (avatar, post images), read under the storage policies: what the
-- export puts under images/ and what deletion removes through the Storage API first.
create function public.my_files() returns jsonb
language sql stable security invoker set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object('bucket', o.bucket_id, 'name', o.name)
                            order by o.bucket_id, o.name), '[]'::jsonb)
    from storage.objects o
   where (select auth.uid()) is not null
     and o.bucket_id in ('user-avatars', 'post-images')
     and (storage.foldername(o.name))[1] = (select auth.uid())::text
$$;
revoke execute on function public.my_files() from public, anon;
grant execute on function public.my_files() to authenticated;

-- The export -----------------------------------------------------------------------------------
-- Shape documented in README ("Your data"); bump `version` when it changes.
create function public.export_my_data() returns jsonb
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
    'version', 1,
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
    'newsletter', public.my_newsletter_export(),
    'timeline_alchemy', jsonb_build_object(
      'client', (select jsonb_build_object('name', c.name, 'organization', c.organization, 'email', c.email,
                                           'created_at', c.created_at)
                   from public.clients c where c.profile_id = me),
      'previews', coalesce((select jsonb_agg(to_jsonb(p) order by p.created_at, p.id)
                              from public.previews p where p.client_id = me), '[]'::jsonb),
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

-- Deletion -------------------------------------------------------------------------------------
-- What refuses the caller's deletion before anything is removed (the site's endpoint asks first,
-- so the only admin never loses their files to a deletion that is then refused): a reason or null.
create function public.my_account_deletion_blocker() returns text
language sql stable security definer set search_path = '' as $$
  select case
    when exists (select 1 from public.profiles p where p.id = (select auth.uid()) and p.role = 'admin')
     and not exists (select 1 from public.profiles p where p.role = 'admin' and p.id <> (select auth.uid()))
    then 'privacy_last_admin'
  end
$$;
revoke execute on function public.my_account_deletion_blocker() from public, anon;
grant execute on function public.my_account_deletion_blocker() to authenticated;

create function public.delete_my_account() returns void
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  address text;
  sub record;
  pseudonym text;
begin
  if me is null or not exists (select 1 from auth.users u where u.id = me) then
    raise exception 'sign in first' using errcode = '42501';
  end if;
  -- The shop needs someone to run it.
  if exists (select 1 from public.profiles p where p.id = me and p.role = 'admin')
     and not exists (select 1 from public.profiles p where p.role = 'admin' and p.id <> me) then
    raise exception 'privacy_last_admin' using errcode = 'PT409';
  end if;
  -- Files go through the Storage API first (the site's endpoint does it with the person's token):
  -- a row deleted here would leave the file itself on the storage backend.
  if exists (select 1 from storage.objects o
              where o.bucket_id in ('user-avatars', 'post-images')
                and (storage.foldername(o.name))[1] = me::text) then
    raise exception 'privacy_files_left' using errcode = 'PT409';
  end if;

  -- Newsletter: the subscription of the account's confirmed address ends, and what the ledger
  -- keeps as proof of consent no longer names the person (keyed hash of the address).
  select lower(u.email) into address from auth.users u
   where u.id = me and u.email_confirmed_at is not null and u.email_confirmed_at <= now();
  for sub in select s.* from public.newsletter_subscribers s where lower(s.email) = address for update loop
    if sub.status <> 'unsubscribed' then
      insert into public.newsletter_consents (subscriber_id, event, consent, source, language, email, detail)
      values (sub.id, 'unsubscribed', false, sub.source, sub.language, sub.email,
              jsonb_build_object('method', 'account_deleted'));
    end if;
    pseudonym := private.newsletter_hash(lower(sub.email));
    perform set_config('privacy.erasure', 'on', true);
    update public.newsletter_consents
       set email = 'erased:' || pseudonym, ip = null, user_agent = null, page_url = null, detail = '{}'::jsonb
     where subscriber_id = sub.id;
    perform set_config('privacy.erasure', 'off', true);
    update public.newsletter_subscribers
       set email = left(pseudonym, 60) || '@erased.invalid', name = null, first_name = null,
           last_name = null, user_id = null, status = 'unsubscribed',
           unsubscribed_at = coalesce(unsubscribed_at, now())
     where id = sub.id;
    delete from private.newsletter_tokens where subscriber_id = sub.id;
  end loop;

  -- The auth user: sessions, refresh tokens and identities go with it, and the profile cascades
  -- to posts, comments, likes, messages, friendships, blocks, reports, settings and time zone.
  delete from auth.users where id = me;
end $$;
revoke execute on function public.delete_my_account() from public, anon;
grant execute on function public.delete_my_account() to authenticated;
