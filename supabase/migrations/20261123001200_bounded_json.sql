-- Unbounded JSON (issue 13, class 4): social_links is a flat object of known networks whose
-- values are http(s) URLs, at most 4 KB in all. Anything else (nesting, numbers, scripts as
-- links, unknown keys) is refused with a check violation (HTTP 400 through PostgREST).
create function private.valid_social_links(links jsonb) returns boolean
language sql immutable set search_path = '' as $$
  select jsonb_typeof(links) = 'object'
     and octet_length(links::text) <= 4096
     and not exists (
       select 1 from jsonb_each(links) as e (key, value)
        where e.key not in ('instagram', 'twitter', 'linkedin', 'youtube', 'tiktok', 'facebook')
           or jsonb_typeof(e.value) <> 'string'
           or char_length(e.value #>> '{}') > 500
           or ((e.value #>> '{}') <> '' and (e.value #>> '{}') !~ '^https?://[^\s<>"''`]+$')
     )
$$;
grant execute on function private.valid_social_links(jsonb) to anon, authenticated, service_role;

alter table public.profiles
  add constraint profiles_social_links_shape check (private.valid_social_links(social_links));
