-- Community demo data: a few more members (so the member directory shows "show N more"), a
-- friendship request and a post with a link. Password: password123 (like every demo account).

-- The token columns are '' (not NULL): real GoTrue fails to sign in a user with NULL there.
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select '00000000-0000-0000-0000-000000000000', u.id::uuid, 'authenticated', 'authenticated', u.email,
  extensions.crypt('password123', extensions.gen_salt('bf')), now(), '', '', '', '',
  '{"provider":"email","providers":["email"]}'::jsonb,
  jsonb_build_object('display_name', u.display_name), u.created_at::timestamptz, u.created_at::timestamptz
from (values
  ('90000000-0000-4000-8000-000000000001', 'julia@example.com', 'Julia Mulder',  '2026-02-10 09:00:00+00'),
  ('90000000-0000-4000-8000-000000000002', 'daan@example.com',  'Daan de Groot', '2026-02-12 09:00:00+00'),
  ('90000000-0000-4000-8000-000000000003', 'sophie@example.com', 'Sophie Bos',   '2026-02-14 09:00:00+00'),
  ('90000000-0000-4000-8000-000000000004', 'levi@example.com',  'Levi Meijer',   '2026-02-16 09:00:00+00'),
  ('90000000-0000-4000-8000-000000000005', 'anna@example.com',  'Anna de Wit',   '2026-02-18 09:00:00+00')
) as u (id, email, display_name, created_at)
on conflict (id) do nothing;

insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
select id::text, id, jsonb_build_object('sub', id::text, 'email', email, 'email_verified', true),
  'email', created_at, created_at
from auth.users
where id::text like '90000000-0000-4000-8000-00000000000_'
on conflict do nothing;

update public.profiles p set bio = v.bio, social_links = v.social_links::jsonb
from (values
  ('90000000-0000-4000-8000-000000000001', 'Schrijft over stilte en natuur.', '{"instagram":"https://www.instagram.com/julia.mulder"}'),
  ('90000000-0000-4000-8000-000000000002', 'Muzikant, luistert graag.', '{}'),
  ('90000000-0000-4000-8000-000000000003', 'Ademcoach in Utrecht.', '{"tiktok":"https://www.tiktok.com/@sophie.ademt"}'),
  ('90000000-0000-4000-8000-000000000004', null, '{}'),
  ('90000000-0000-4000-8000-000000000005', 'Nieuw hier en nieuwsgierig.', '{}')
) as v (id, bio, social_links)
where p.user_id = v.id::uuid;

insert into public.posts (id, user_id, title, content, created_at) values
  ('a0000000-0000-4000-8000-000000000101', '90000000-0000-4000-8000-000000000001', 'Stiltewandeling zondag',
   'Wie loopt er mee? Route en tijden staan op https://example.com/stiltewandeling. Iedereen welkom.',
   '2026-03-06 08:00:00+00')
on conflict (id) do nothing;
