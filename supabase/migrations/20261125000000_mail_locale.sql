-- The language a person wants their mails in (issue 21, point 2; read by every mail: newsletter,
-- auth, Timeline Alchemy review links, notifications). Kept apart from public.profiles because
-- profiles are read by every member (the directory) and this is the person's own setting.
create table public.account_settings (
  profile_id uuid primary key references public.profiles (id) on delete cascade,
  mail_locale text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint account_settings_mail_locale check (mail_locale in ('nl', 'en', 'de'))
);
create trigger account_settings_server_timestamps before insert or update on public.account_settings
  for each row execute function private.server_timestamps();

alter table public.account_settings enable row level security;
create policy "people read their own settings, admins everyone's" on public.account_settings
  for select to authenticated
  using (profile_id = (select auth.uid()) or (select public.is_admin()));
-- Written only through set_my_mail_locale(): nobody, not even an admin, chooses another's language.
revoke insert, update, delete, truncate on public.account_settings from anon, authenticated;
revoke select on public.account_settings from anon;

-- The signed-in person chooses the language of their mails; returns the stored language.
create function public.set_my_mail_locale(locale text) returns text
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
begin
  if me is null then
    raise exception 'sign in first' using errcode = '42501';
  end if;
  if locale is null or locale not in ('nl', 'en', 'de') then
    raise exception 'unknown language' using errcode = '22023';
  end if;
  insert into public.account_settings as s (profile_id, mail_locale)
  values (me, set_my_mail_locale.locale)
  on conflict (profile_id) do update set mail_locale = excluded.mail_locale
    where s.mail_locale is distinct from excluded.mail_locale;
  return set_my_mail_locale.locale;
end $$;
revoke execute on function public.set_my_mail_locale(text) from public, anon;
grant execute on function public.set_my_mail_locale(text) to authenticated;

-- The one answer to "which language does this person read mail in": their setting, else the
-- language they signed up in (user metadata `locale`, sent by the sign-up form), else Dutch.
-- Server code (mail senders, triggers) calls this; it is not exposed through the API.
create function private.mail_locale(person uuid) returns text
language sql stable security definer set search_path = '' as $$
  select coalesce(
    (select s.mail_locale from public.account_settings s where s.profile_id = person),
    (select u.raw_user_meta_data ->> 'locale' from auth.users u
      where u.id = person and u.raw_user_meta_data ->> 'locale' in ('nl', 'en', 'de')),
    'nl')
$$;
revoke execute on function private.mail_locale(uuid) from public, anon, authenticated;
