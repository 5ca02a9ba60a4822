-- Direct messages demo data (issue 9): a longer conversation between Emma and Noah so the
-- thread has history to scroll, day separators and read receipts; Lucas accepts friends only.
insert into public.messages (id, sender_id, receiver_id, content, read, read_at) values
  ('d0000000-0000-4000-8000-000000000101', '55555555-5555-4555-8555-555555555555', '44444444-4444-4444-8444-444444444444', 'Hoe was de meditatie? Zie https://example.com/meditatie voor de opname.', false, null),
  ('d0000000-0000-4000-8000-000000000102', '66666666-6666-4666-8666-666666666666', '44444444-4444-4444-8444-444444444444', 'Hoi Emma! Kom je zaterdag ook?', false, null);
update public.profiles set message_privacy = 'friends' where user_id = '77777777-7777-4777-8777-777777777777';
