-- E-mail change without an account-existence oracle (issue 21).
--
-- GoTrue answers PUT /user {email} for an address another account has with 422 email_exists
-- (internal/api/user.go), so the account page changes the address through the site's own
-- endpoint, POST /api/account/email (src/features/account/email-change-handler.ts), which answers
-- the same for a free and a taken address. It calls, in this order:
--   1. public.take_email_change_limit() with the member's token: at most 5 requests an hour;
--   2. GoTrue's admin generate_link (email_change_current, then email_change_new) with the
--      service key: GoTrue's secure e-mail change, which stores both hashed tokens and mails
--      nothing; 422 email_exists there means the address is taken;
--   3. free: public.email_change_mails(...) queues both confirmation mails in the member's mail
--      language; taken: public.email_taken_notice(...) queues at most one notice an hour to the
--      address's owner, in the owner's language. Both through the one outbox.

insert into private.rate_limits (action, per_hour) values ('email_change', 5)
on conflict (action) do update set per_hour = excluded.per_hour;

create function public.take_email_change_limit() returns void
language plpgsql security definer set search_path = '' as $$
begin
  if (select auth.uid()) is null then
    raise exception 'not signed in' using errcode = '42501';
  end if;
  perform private.take_rate_limit('email_change');
end $$;
revoke execute on function public.take_email_change_limit() from public, anon;
grant execute on function public.take_email_change_limit() to authenticated;

-- Both confirmation mails of one request, keyed by the links' tokens (a repeated call queues nothing new).
-- p_origin: the site's origin, for the mails' footer (the links are GoTrue's).
create function public.email_change_mails(
  p_user uuid, p_new_email text, p_current_link text, p_new_link text, p_origin text
) returns void
language plpgsql security definer set search_path = '' as $$
declare
  current_email text;
  lang text := private.mail_locale(p_user);
  payload jsonb := jsonb_build_object('new_email', lower(btrim(p_new_email)), 'origin', p_origin);
begin
  if coalesce(p_origin, '') !~ '^https?://[^/\s]+$' then
    raise exception 'origin must be an http(s) origin' using errcode = '22023';
  end if;
  select u.email into current_email from auth.users u where u.id = p_user;
  if current_email is null then
    raise exception 'no such user' using errcode = 'P0002';
  end if;
  perform private.enqueue_mail('account-email-change-current.' || md5(p_current_link), current_email, lang,
    'account.email_change_current', payload || jsonb_build_object('link', p_current_link));
  perform private.enqueue_mail('account-email-change-new.' || md5(p_new_link), p_new_email, lang,
    'account.email_change_new', payload || jsonb_build_object('link', p_new_link));
end $$;
revoke execute on function public.email_change_mails(uuid, text, text, text, text) from public, anon, authenticated;
grant execute on function public.email_change_mails(uuid, text, text, text, text) to service_role;

-- The owner of a taken address hears that someone tried to use it: once an hour at most, never
-- who. An address without an account (it went in between) gets nothing.
create function public.email_taken_notice(p_email text, p_origin text) returns void
language plpgsql security definer set search_path = '' as $$
declare
  owner record;
begin
  if coalesce(p_origin, '') !~ '^https?://[^/\s]+$' then
    raise exception 'origin must be an http(s) origin' using errcode = '22023';
  end if;
  select u.id, u.email into owner from auth.users u
   where lower(u.email) = lower(btrim(p_email)) and u.deleted_at is null;
  if owner.id is null then
    return;
  end if;
  perform private.enqueue_mail(
    'account-email-taken.' || owner.id || '.' || to_char(now() at time zone 'utc', 'YYYYMMDDHH24'),
    owner.email, private.mail_locale(owner.id), 'account.email_taken', jsonb_build_object('origin', p_origin));
end $$;
revoke execute on function public.email_taken_notice(text, text) from public, anon, authenticated;
grant execute on function public.email_taken_notice(text, text) to service_role;
