-- Helpers, triggers and the SECURITY DEFINER functions through which state transitions happen.
-- Every definer function pins search_path to '' and qualifies every name, so a caller cannot
-- shadow a table or operator with objects of their own.

create function public.is_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  -- Definer so that policies on profiles can call it without recursing into their own RLS.
  select exists (
    select 1 from public.profiles where user_id = (select auth.uid()) and role = 'admin'
  )
$$;

-- Profile row for every new auth user, so the app never needs a client-side fallback insert.
create function public.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.profiles (id, user_id, display_name)
  values (
    new.id,
    new.id,
    left(coalesce(
      nullif(btrim(new.raw_user_meta_data ->> 'display_name'), ''),
      nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''),
      split_part(new.email, '@', 1)
    ), 80)
  )
  on conflict (user_id) do nothing;
  return new;
end $$;
create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_user();

-- RLS WITH CHECK cannot compare old and new values, so role and ownership changes are guarded here.
create function public.guard_profile_update() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.user_id is distinct from old.user_id or new.id is distinct from old.id then
    raise exception 'a profile cannot change owner' using errcode = '42501';
  end if;
  if new.role is distinct from old.role
     and current_user in ('anon', 'authenticated') and not public.is_admin() then
    raise exception 'only an admin can change a role' using errcode = '42501';
  end if;
  return new;
end $$;
create trigger profiles_guard before update on public.profiles
  for each row execute function public.guard_profile_update();

create function public.admin_set_role(target_user_id uuid, new_role public.app_role)
returns public.profiles
language plpgsql security definer set search_path = '' as $$
declare
  result public.profiles;
begin
  if not public.is_admin() then
    raise exception 'only an admin can change a role' using errcode = '42501';
  end if;
  update public.profiles set role = new_role where user_id = target_user_id returning * into result;
  if result.id is null then
    raise exception 'profile not found' using errcode = 'PT404';
  end if;
  return result;
end $$;

-- Timeline Alchemy: the only two changes a client may make to a preview.
create function public.approve_preview(preview_id uuid) returns public.previews
language plpgsql security definer set search_path = '' as $$
declare
  result public.previews;
begin
  update public.previews
     set status = 'approved', reviewed_at = now()
   where id = preview_id and client_id = (select auth.uid()) and status = 'pending'
  returning * into result;
  if result.id is null then
    raise exception 'no pending preview of yours with this id' using errcode = 'PT404';
  end if;
  return result;
end $$;

create function public.request_preview_changes(preview_id uuid, feedback text) returns public.previews
language plpgsql security definer set search_path = '' as $$
declare
  result public.previews;
begin
  if feedback is null or btrim(feedback) = '' then
    raise exception 'feedback is required' using errcode = '22023';
  end if;
  update public.previews
     set status = 'rejected', client_feedback = left(btrim(feedback), 5000), reviewed_at = now()
   where id = preview_id and client_id = (select auth.uid())
     and status in ('pending', 'approved', 'published')
  returning * into result;
  if result.id is null then
    raise exception 'no preview of yours with this id can take change requests' using errcode = 'PT404';
  end if;
  return result;
end $$;

-- Friendships: one row per pair; these functions are the only writers.
create function public.send_friend_request(target_id uuid) returns public.friendships
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  existing public.friendships;
  result public.friendships;
begin
  if me is null then
    raise exception 'sign in first' using errcode = '42501';
  end if;
  if target_id is null or target_id = me then
    raise exception 'cannot befriend yourself' using errcode = '22023';
  end if;
  select * into existing from public.friendships
   where least(requester_id, addressee_id) = least(me, target_id)
     and greatest(requester_id, addressee_id) = greatest(me, target_id);
  if existing.id is null then
    insert into public.friendships (requester_id, addressee_id) values (me, target_id)
    returning * into result;
  elsif existing.status = 'declined' then
    -- A declined request may be asked again; the row is reused to keep one row per pair.
    update public.friendships
       set requester_id = me, addressee_id = target_id, status = 'pending', responded_at = null
     where id = existing.id returning * into result;
  else
    raise exception 'a friendship or request already exists' using errcode = 'PT409';
  end if;
  return result;
end $$;

create function public.respond_friend_request(request_id uuid, accept boolean) returns public.friendships
language plpgsql security definer set search_path = '' as $$
declare
  result public.friendships;
begin
  update public.friendships
     set status = case when accept then 'accepted'::public.friendship_status
                       else 'declined'::public.friendship_status end,
         responded_at = now()
   where id = request_id and addressee_id = (select auth.uid()) and status = 'pending'
  returning * into result;
  if result.id is null then
    raise exception 'no pending request to you with this id' using errcode = 'PT404';
  end if;
  return result;
end $$;

create function public.accept_friend_request(request_id uuid) returns public.friendships
language sql security definer set search_path = '' as $$
  select * from public.respond_friend_request(request_id, true)
$$;

create function public.decline_friend_request(request_id uuid) returns public.friendships
language sql security definer set search_path = '' as $$
  select * from public.respond_friend_request(request_id, false)
$$;

-- Removes a friend, withdraws a request or forgets a declined one: either party may.
create function public.remove_friend(other_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
begin
  delete from public.friendships
   where least(requester_id, addressee_id) = least(me, other_id)
     and greatest(requester_id, addressee_id) = greatest(me, other_id);
  if not found then
    raise exception 'no friendship with this person' using errcode = 'PT404';
  end if;
end $$;

-- Newsletter: merging into an existing entry needs to see it, which anonymous visitors may not.
create function public.subscribe_newsletter(
  email text,
  consent boolean,
  first_name text default null,
  last_name text default null,
  name text default null,
  source text default 'default',
  language text default 'nl'
) returns void
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  subscriber_id uuid;
begin
  if consent is not true then
    raise exception 'consent is required' using errcode = '22023';
  end if;
  insert into public.newsletter_subscribers as s
    (email, name, first_name, last_name, consent, source, language, user_id)
  values (
    lower(btrim(subscribe_newsletter.email)),
    coalesce(nullif(btrim(subscribe_newsletter.name), ''), split_part(btrim(subscribe_newsletter.email), '@', 1)),
    subscribe_newsletter.first_name, subscribe_newsletter.last_name, true,
    subscribe_newsletter.source, subscribe_newsletter.language, (select auth.uid())
  )
  on conflict (lower(email)) do update
    set name = coalesce(nullif(btrim(excluded.name), ''), s.name),
        first_name = coalesce(excluded.first_name, s.first_name),
        last_name = coalesce(excluded.last_name, s.last_name),
        source = excluded.source, language = excluded.language,
        consent = true, unsubscribed_at = null, updated_at = now()
  returning id into subscriber_id;
  insert into public.newsletter_consents (subscriber_id, consent, source, language)
  values (subscriber_id, true, subscribe_newsletter.source, subscribe_newsletter.language);
end $$;

-- Contact form rate limit: a sender (by e-mail) gets 5 messages per hour, and all visitors
-- together 100 per minute, which stops a script rotating addresses. PT429 becomes HTTP 429.
-- Server-side code using the service role is not limited.
create function public.contact_messages_rate_limit() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if coalesce(auth.role(), '') = 'service_role' then
    return new;
  end if;
  if (select count(*) from public.contact_messages
       where lower(email) = lower(new.email) and created_at > now() - interval '1 hour') >= 5
     or (select count(*) from public.contact_messages
       where created_at > now() - interval '1 minute') >= 100 then
    raise exception 'rate_limit: too many contact messages, try again later' using errcode = 'PT429';
  end if;
  return new;
end $$;
create trigger contact_messages_rate_limit before insert on public.contact_messages
  for each row execute function public.contact_messages_rate_limit();

-- Functions that only make sense signed in are not offered to anonymous callers.
revoke execute on function public.admin_set_role, public.approve_preview, public.request_preview_changes,
  public.send_friend_request, public.respond_friend_request, public.accept_friend_request,
  public.decline_friend_request, public.remove_friend from public, anon;
revoke execute on function public.respond_friend_request from authenticated;
