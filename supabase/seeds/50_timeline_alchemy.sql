-- Timeline Alchemy demo data on top of seed.sql: review state pinned to revisions, a history
-- for every seeded decision, per-platform texts, and a preview edited after approval so the
-- client's word diff has something to show. Times are relative to when the stack starts.

-- seed.sql's approved, rejected and published previews were reviewed in their first revision.
update public.previews set approved_revision = 1, reviewed_revision = 1
 where id in ('30000000-0000-4000-8000-000000000002', '30000000-0000-4000-8000-000000000004');
update public.previews set reviewed_revision = 1, published_at = '2026-03-15 09:00:00+00'
 where id = '30000000-0000-4000-8000-000000000004';
update public.previews set reviewed_revision = 1 where id = '30000000-0000-4000-8000-000000000003';

insert into public.preview_history (preview_id, client_id, event, revision, actor_id, feedback) values
  ('30000000-0000-4000-8000-000000000002', '22222222-2222-4222-8222-222222222222', 'approved', 1, '22222222-2222-4222-8222-222222222222', null),
  ('30000000-0000-4000-8000-000000000003', '22222222-2222-4222-8222-222222222222', 'changes_requested', 1, '22222222-2222-4222-8222-222222222222', 'Graag de datum en de locatie toevoegen.'),
  ('30000000-0000-4000-8000-000000000004', '22222222-2222-4222-8222-222222222222', 'approved', 1, '22222222-2222-4222-8222-222222222222', null),
  ('30000000-0000-4000-8000-000000000004', '22222222-2222-4222-8222-222222222222', 'published', 1, null, null);

-- Upcoming work for Lotte (per-platform texts) and Bram.
insert into public.ideas (id, title, description, status, created_by, metadata) values
  ('20000000-0000-4000-8000-000000000004', 'Winterretraite aankondiging', 'Vijf dagen stilte, yoga en ademwerk in de Ardennen.', 'draft', '11111111-1111-4111-8111-111111111111',
   '{"template":"Instagram, LinkedIn, X (Twitter)","channel":"Instagram, LinkedIn, X (Twitter)","selectedPosts":["10000000-0000-4000-8000-000000000001"],"originalPostTitle":"De kracht van stilte"}'),
  ('20000000-0000-4000-8000-000000000005', 'Leiderschap en adem', 'Korte reeks over ademwerk voor leidinggevenden.', 'draft', '11111111-1111-4111-8111-111111111111',
   '{"template":"LinkedIn","channel":"LinkedIn","selectedPosts":["10000000-0000-4000-8000-000000000002"],"originalPostTitle":"Eenheid in het dagelijks leven"}');

insert into public.previews (id, idea_id, client_id, channel, template, draft_content, scheduled_at, scheduled_zone,
  status, created_by, admin_notes) values
  ('30000000-0000-4000-8000-000000000006', '20000000-0000-4000-8000-000000000004', '22222222-2222-4222-8222-222222222222',
   'Instagram, LinkedIn, X (Twitter)', 'Instagram, LinkedIn, X (Twitter)',
   '{"content":"Vijf dagen stilte, yoga en ademwerk in de Ardennen.","selectedPosts":["10000000-0000-4000-8000-000000000001"],"image":"http://127.0.0.1:54321/storage/v1/object/public/blog_images/stilte.svg","platforms":{"Instagram":"Vijf dagen stilte in de Ardennen 🌲 Yoga bij zonsopgang, ademwerk bij het vuur. Schrijf je in via de link in bio. #retraite #stilte #yoga","LinkedIn":"Wanneer heb je voor het laatst vijf dagen niets hoeven te beslissen? Onze winterretraite in de Ardennen geeft je stilte, yoga en ademwerk.","X (Twitter)":"Vijf dagen stilte, yoga en ademwerk in de Ardennen. Schrijf je in: https://example.com/retraite"}}',
   now() + interval '10 days', 'Europe/Amsterdam', 'pending', '11111111-1111-4111-8111-111111111111', 'Foto volgt nog.'),
  ('30000000-0000-4000-8000-000000000007', '20000000-0000-4000-8000-000000000005', '33333333-3333-4333-8333-333333333333',
   'LinkedIn', 'LinkedIn',
   '{"content":"Drie ademhalingen voor je volgende vergadering.","selectedPosts":["10000000-0000-4000-8000-000000000002"],"image":null,"platforms":{"LinkedIn":"Drie ademhalingen voor je volgende vergadering. Zo kom je helder binnen."}}',
   now() + interval '3 days', 'Europe/Amsterdam', 'pending', '11111111-1111-4111-8111-111111111111', null);

-- Bram approved revision 1, then the text was edited: pending again with a diff to review.
update public.previews set status = 'approved', approved_revision = 1, reviewed_revision = 1, reviewed_at = now() - interval '1 day'
 where id = '30000000-0000-4000-8000-000000000007';
insert into public.preview_history (preview_id, client_id, event, revision, actor_id) values
  ('30000000-0000-4000-8000-000000000007', '33333333-3333-4333-8333-333333333333', 'approved', 1, '33333333-3333-4333-8333-333333333333');
update public.previews
   set draft_content = '{"content":"Drie bewuste ademhalingen voor je volgende vergadering.","selectedPosts":["10000000-0000-4000-8000-000000000002"],"image":null,"platforms":{"LinkedIn":"Drie bewuste ademhalingen voor je volgende vergadering. Zo kom je helder en rustig binnen, en luister je beter."}}'
 where id = '30000000-0000-4000-8000-000000000007';
