-- Demo data. Every demo account's password is: password123
-- Fixed UUIDs so tests and docs can refer to rows. Image URLs point at the local stack's default
-- address; the local stack rewrites that prefix when it runs on another port.

-- GoTrue scans confirmation_token, recovery_token, email_change_token_new and email_change as
-- strings: NULL there fails every sign-in with "Database error querying schema" (supabase/auth#1940).
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select '00000000-0000-0000-0000-000000000000', u.id::uuid, 'authenticated', 'authenticated', u.email,
  extensions.crypt('password123', extensions.gen_salt('bf')), now(), '', '', '', '',
  '{"provider":"email","providers":["email"]}'::jsonb,
  jsonb_build_object('display_name', u.display_name), u.created_at::timestamptz, u.created_at::timestamptz
from (values
  ('11111111-1111-4111-8111-111111111111', 'admin@example.com',  'Sanne de Vries', '2026-01-05 09:00:00+00'),
  ('22222222-2222-4222-8222-222222222222', 'lotte@example.com',  'Lotte Jansen',   '2026-01-10 09:00:00+00'),
  ('33333333-3333-4333-8333-333333333333', 'bram@example.com',   'Bram Peters',    '2026-01-12 09:00:00+00'),
  ('44444444-4444-4444-8444-444444444444', 'emma@example.com',   'Emma Bakker',    '2026-02-01 09:00:00+00'),
  ('55555555-5555-4555-8555-555555555555', 'noah@example.com',   'Noah Visser',    '2026-02-03 09:00:00+00'),
  ('66666666-6666-4666-8666-666666666666', 'mila@example.com',   'Mila de Boer',   '2026-02-05 09:00:00+00'),
  ('77777777-7777-4777-8777-777777777777', 'lucas@example.com',  'Lucas Smit',     '2026-02-07 09:00:00+00')
) as u (id, email, display_name, created_at);

-- GoTrue (hosted or `supabase start`) needs an identity row to sign a user in with a password.
insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
select id::text, id, jsonb_build_object('sub', id::text, 'email', email, 'email_verified', true),
  'email', created_at, created_at
from auth.users;

-- Profiles exist already (trigger on auth.users); fill in the rest.
update public.profiles p set
  role = v.role::public.app_role,
  bio = v.bio,
  avatar_url = 'http://127.0.0.1:54321/storage/v1/object/public/user-avatars/' || p.user_id || '/avatar.svg',
  social_links = v.social_links::jsonb,
  created_at = (select created_at from auth.users where id = p.user_id)
from (values
  ('11111111-1111-4111-8111-111111111111', 'admin', 'Oprichter en hoedster van de Inner Circle.', '{"instagram":"https://instagram.com/innercircle"}'),
  ('22222222-2222-4222-8222-222222222222', 'client', 'Yogadocent en eigenaar van Lotus Studio.', '{"linkedin":"https://linkedin.com/in/lottejansen"}'),
  ('33333333-3333-4333-8333-333333333333', 'client', 'Coach voor bewust leiderschap.', '{}'),
  ('44444444-4444-4444-8444-444444444444', 'member', 'Op zoek naar eenheid in het dagelijks leven.', '{"instagram":"https://instagram.com/emma","youtube":"https://youtube.com/@emma"}'),
  ('55555555-5555-4555-8555-555555555555', 'member', 'Meditatie, muziek en de zee.', '{"twitter":"https://x.com/noahv"}'),
  ('66666666-6666-4666-8666-666666666666', 'member', 'Lichtwerker in opleiding.', '{}'),
  ('77777777-7777-4777-8777-777777777777', 'member', null, '{}')
) as v (id, role, bio, social_links)
where p.user_id = v.id::uuid;

insert into public.posts (id, user_id, title, content, image_url, created_at) values
  ('a0000000-0000-4000-8000-000000000001', '44444444-4444-4444-8444-444444444444', 'Ochtendmeditatie bij zonsopgang',
   'Vanochtend twintig minuten stil gezeten terwijl de zon opkwam. Wat een rust.',
   'http://127.0.0.1:54321/storage/v1/object/public/post-images/44444444-4444-4444-8444-444444444444/sunrise.svg', '2026-03-01 07:30:00+00'),
  ('a0000000-0000-4000-8000-000000000002', '55555555-5555-4555-8555-555555555555', 'Het enkele oog',
   'Wie zag er ook de nieuwe blog over eenheid? Ik ben benieuwd naar jullie ervaringen.', null, '2026-03-02 12:00:00+00'),
  ('a0000000-0000-4000-8000-000000000003', '66666666-6666-4666-8666-666666666666', 'Dankbaarheid',
   'Drie dingen waar ik vandaag dankbaar voor ben: licht, water en deze gemeenschap.', null, '2026-03-03 18:45:00+00'),
  ('a0000000-0000-4000-8000-000000000004', '44444444-4444-4444-8444-444444444444', 'Ademwerk in de natuur',
   'Ademhalingsoefening in het bos gedaan. Aanrader voor iedereen die vastzit.',
   'http://127.0.0.1:54321/storage/v1/object/public/post-images/44444444-4444-4444-8444-444444444444/forest.svg', '2026-03-04 10:15:00+00'),
  ('a0000000-0000-4000-8000-000000000005', '77777777-7777-4777-8777-777777777777', 'Eerste bericht',
   'Hallo allemaal, ik ben nieuw hier. Fijn om jullie te ontmoeten!', null, '2026-03-05 20:00:00+00'),
  ('a0000000-0000-4000-8000-000000000006', '11111111-1111-4111-8111-111111111111', 'Welkom in de Inner Circle',
   'Deel hier je inzichten, vragen en momenten van verbinding. Wees lief voor elkaar.', null, '2026-02-20 09:00:00+00');

insert into public.likes (id, post_id, user_id, created_at) values
  ('b0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', '55555555-5555-4555-8555-555555555555', '2026-03-01 08:00:00+00'),
  ('b0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', '66666666-6666-4666-8666-666666666666', '2026-03-01 09:00:00+00'),
  ('b0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000002', '44444444-4444-4444-8444-444444444444', '2026-03-02 13:00:00+00'),
  ('b0000000-0000-4000-8000-000000000004', 'a0000000-0000-4000-8000-000000000006', '44444444-4444-4444-8444-444444444444', '2026-02-21 10:00:00+00'),
  ('b0000000-0000-4000-8000-000000000005', 'a0000000-0000-4000-8000-000000000006', '77777777-7777-4777-8777-777777777777', '2026-03-05 20:05:00+00');

insert into public.comments (id, post_id, user_id, content, created_at) values
  ('c0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', '55555555-5555-4555-8555-555555555555', 'Prachtig! Morgen doe ik mee.', '2026-03-01 08:05:00+00'),
  ('c0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', '44444444-4444-4444-8444-444444444444', 'Graag, om 6:30 bij het strand.', '2026-03-01 08:20:00+00'),
  ('c0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000002', '66666666-6666-4666-8666-666666666666', 'Ja, mooi geschreven.', '2026-03-02 14:00:00+00'),
  ('c0000000-0000-4000-8000-000000000004', 'a0000000-0000-4000-8000-000000000005', '11111111-1111-4111-8111-111111111111', 'Welkom Lucas!', '2026-03-05 21:00:00+00');

insert into public.messages (id, sender_id, receiver_id, content, read, read_at, created_at) values
  ('d0000000-0000-4000-8000-000000000001', '44444444-4444-4444-8444-444444444444', '55555555-5555-4555-8555-555555555555', 'Hoi Noah, zin in de meditatie morgen?', true, '2026-03-01 10:05:00+00', '2026-03-01 10:00:00+00'),
  ('d0000000-0000-4000-8000-000000000002', '55555555-5555-4555-8555-555555555555', '44444444-4444-4444-8444-444444444444', 'Zeker! Tot dan.', false, null, '2026-03-01 10:10:00+00'),
  ('d0000000-0000-4000-8000-000000000003', '44444444-4444-4444-8444-444444444444', '11111111-1111-4111-8111-111111111111', 'Dank voor de welkomstpost, Sanne.', false, null, '2026-03-02 09:00:00+00'),
  ('d0000000-0000-4000-8000-000000000004', '66666666-6666-4666-8666-666666666666', '77777777-7777-4777-8777-777777777777', 'Welkom in de groep!', false, null, '2026-03-05 20:30:00+00');

-- Friendships in every state.
insert into public.friendships (id, requester_id, addressee_id, status, created_at, responded_at) values
  ('e0000000-0000-4000-8000-000000000001', '44444444-4444-4444-8444-444444444444', '55555555-5555-4555-8555-555555555555', 'accepted', '2026-02-10 10:00:00+00', '2026-02-10 12:00:00+00'),
  ('e0000000-0000-4000-8000-000000000002', '66666666-6666-4666-8666-666666666666', '44444444-4444-4444-8444-444444444444', 'pending', '2026-03-03 10:00:00+00', null),
  ('e0000000-0000-4000-8000-000000000003', '77777777-7777-4777-8777-777777777777', '55555555-5555-4555-8555-555555555555', 'declined', '2026-03-05 21:00:00+00', '2026-03-06 08:00:00+00'),
  ('e0000000-0000-4000-8000-000000000004', '55555555-5555-4555-8555-555555555555', '66666666-6666-4666-8666-666666666666', 'pending', '2026-03-06 09:00:00+00', null);

insert into public.clients (id, name, organization, email, profile_id) values
  ('f0000000-0000-4000-8000-000000000001', 'Lotte Jansen', 'Lotus Yoga Studio', 'lotte@example.com', '22222222-2222-4222-8222-222222222222'),
  ('f0000000-0000-4000-8000-000000000002', 'Bram Peters', 'Peters Coaching', 'bram@example.com', '33333333-3333-4333-8333-333333333333');

insert into public.blog_posts (id, title, body, content, excerpt, status, author_id, tags, category,
  image_url, image_public_url, facebook, instagram, x, linkedin, published_at, created_at) values
  ('10000000-0000-4000-8000-000000000001', 'De kracht van stilte',
   'Stilte is geen afwezigheid van geluid maar aanwezigheid van jezelf. In dit artikel onderzoeken we hoe dagelijkse stilte je helpt om terug te keren naar je kern.',
   null, 'Stilte als weg naar je kern.', 'published', '11111111-1111-4111-8111-111111111111',
   '{stilte,meditatie}', 'Meditatie',
   'http://127.0.0.1:54321/storage/v1/object/public/blog_images/stilte.svg',
   'http://127.0.0.1:54321/storage/v1/object/public/blog_images/stilte.svg',
   'Stilte is geen afwezigheid van geluid. Lees ons nieuwe artikel over de kracht van stilte.',
   'Stilte = thuiskomen. Nieuw op de blog. #stilte #meditatie',
   'Stilte is geen afwezigheid van geluid maar aanwezigheid van jezelf.',
   'Hoe dagelijkse stilte leiders helpt helder te kiezen: ons nieuwe artikel.',
   '2026-02-15 09:00:00+00', '2026-02-14 09:00:00+00'),
  ('10000000-0000-4000-8000-000000000002', 'Eenheid in het dagelijks leven',
   'Eenheid ervaren hoeft niet op een meditatiekussen. Bij de afwas, in de trein en in gesprekken met anderen kun je oefenen met het enkele oog.',
   null, 'Oefenen met eenheid, overal.', 'scheduled', '11111111-1111-4111-8111-111111111111',
   '{eenheid}', 'Algemeen', null, null,
   'Eenheid oefen je overal, ook bij de afwas.', 'Eenheid in kleine momenten. #eenheid', 'Eenheid ervaar je niet alleen op het kussen.', null,
   null, '2026-02-20 09:00:00+00'),
  ('10000000-0000-4000-8000-000000000003', 'Ademwerk voor beginners',
   'Een korte introductie in ademwerk met drie oefeningen die je vandaag kunt doen.',
   null, null, 'draft', '11111111-1111-4111-8111-111111111111',
   '{adem,beginners}', 'Algemeen', null, null, null, 'Drie ademoefeningen voor vandaag.', null, null,
   null, '2026-03-01 09:00:00+00');

insert into public.ideas (id, title, description, status, created_by, metadata, created_at) values
  ('20000000-0000-4000-8000-000000000001', 'De kracht van stilte', 'Stilte is geen afwezigheid van geluid maar aanwezigheid van jezelf.', 'draft', '11111111-1111-4111-8111-111111111111',
   '{"template":"Instagram, Facebook","channel":"Instagram, Facebook","selectedPosts":["10000000-0000-4000-8000-000000000001"],"originalPostTitle":"De kracht van stilte"}', '2026-03-01 09:00:00+00'),
  ('20000000-0000-4000-8000-000000000002', 'Eenheid in het dagelijks leven', 'Eenheid ervaren hoeft niet op een meditatiekussen.', 'draft', '11111111-1111-4111-8111-111111111111',
   '{"template":"LinkedIn","channel":"LinkedIn","selectedPosts":["10000000-0000-4000-8000-000000000002"],"originalPostTitle":"Eenheid in het dagelijks leven"}', '2026-03-02 09:00:00+00'),
  ('20000000-0000-4000-8000-000000000003', 'Lenteworkshop', 'Aankondiging van de lenteworkshop.', 'draft', '11111111-1111-4111-8111-111111111111',
   '{"template":"Custom Post","channel":"Custom Post","selectedPosts":[]}', '2026-03-03 09:00:00+00');

-- Previews in every status; client A (Lotte) has four, client B (Bram) one.
insert into public.previews (id, idea_id, client_id, channel, template, draft_content, scheduled_at, status,
  created_by, admin_notes, client_feedback, reviewed_at, created_at) values
  ('30000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000001', '22222222-2222-4222-8222-222222222222',
   'Instagram, Facebook', 'Instagram, Facebook',
   '{"content":"Stilte = thuiskomen. Nieuw op de blog.","template":"Instagram, Facebook","selectedPosts":["10000000-0000-4000-8000-000000000001"],"image":"http://127.0.0.1:54321/storage/v1/object/public/blog_images/stilte.svg"}',
   '2026-04-01 09:00:00+00', 'pending', '11111111-1111-4111-8111-111111111111', 'Graag voor vrijdag bekijken.', null, null, '2026-03-10 09:00:00+00'),
  ('30000000-0000-4000-8000-000000000002', '20000000-0000-4000-8000-000000000002', '22222222-2222-4222-8222-222222222222',
   'LinkedIn', 'LinkedIn',
   '{"content":"Eenheid ervaar je niet alleen op het kussen.","template":"LinkedIn","selectedPosts":["10000000-0000-4000-8000-000000000002"],"image":null}',
   '2026-04-03 09:00:00+00', 'approved', '11111111-1111-4111-8111-111111111111', null, null, '2026-03-11 10:00:00+00', '2026-03-10 10:00:00+00'),
  ('30000000-0000-4000-8000-000000000003', '20000000-0000-4000-8000-000000000003', '22222222-2222-4222-8222-222222222222',
   'Custom Post', 'Custom Post',
   '{"content":"Lenteworkshop op 21 maart!","template":"Custom Post","selectedPosts":[],"image":null}',
   null, 'rejected', '11111111-1111-4111-8111-111111111111', null, 'Graag de datum en de locatie toevoegen.', '2026-03-12 10:00:00+00', '2026-03-10 11:00:00+00'),
  ('30000000-0000-4000-8000-000000000004', '20000000-0000-4000-8000-000000000001', '22222222-2222-4222-8222-222222222222',
   'Facebook', 'Facebook',
   '{"content":"Stilte is geen afwezigheid van geluid.","template":"Facebook","selectedPosts":["10000000-0000-4000-8000-000000000001"],"image":null}',
   '2026-03-15 09:00:00+00', 'published', '11111111-1111-4111-8111-111111111111', null, null, '2026-03-13 10:00:00+00', '2026-03-09 10:00:00+00'),
  ('30000000-0000-4000-8000-000000000005', '20000000-0000-4000-8000-000000000003', '33333333-3333-4333-8333-333333333333',
   'X (Twitter)', 'X (Twitter)',
   '{"content":"Lenteworkshop: schrijf je in.","template":"X (Twitter)","selectedPosts":[],"image":null}',
   '2026-04-05 09:00:00+00', 'pending', '11111111-1111-4111-8111-111111111111', null, null, null, '2026-03-10 12:00:00+00');

insert into public.newsletter_subscribers (id, email, name, first_name, last_name, consent, source, language, created_at) values
  ('40000000-0000-4000-8000-000000000001', 'ilse@example.org', 'Ilse', 'Ilse', 'Mulder', true, 'footer', 'nl', '2026-02-01 10:00:00+00'),
  ('40000000-0000-4000-8000-000000000002', 'jonas@example.org', 'Jonas', 'Jonas', 'Weber', true, 'popup', 'de', '2026-02-02 10:00:00+00');
insert into public.newsletter_consents (subscriber_id, consent, source, language, created_at) values
  ('40000000-0000-4000-8000-000000000001', true, 'footer', 'nl', '2026-02-01 10:00:00+00'),
  ('40000000-0000-4000-8000-000000000002', true, 'popup', 'de', '2026-02-02 10:00:00+00');

insert into public.contact_messages (id, first_name, last_name, email, subject, message, language, created_at) values
  ('50000000-0000-4000-8000-000000000001', 'Pieter', 'de Groot', 'pieter@example.org', 'Vraag over de workshop',
   'Is er nog plek bij de lenteworkshop?', 'nl', '2026-03-08 10:00:00+00');
