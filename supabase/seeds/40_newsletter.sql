-- Newsletter demo: one subscriber with a complete double opt-in history (the evidence an admin
-- exports at /newsletter/admin) and one still pending. seed.sql's two subscribers stay as legacy
-- imports (single opt-in records without proof).
insert into public.newsletter_subscribers (id, email, name, first_name, last_name, consent, source, language)
values
  ('40000000-0000-4000-8000-000000000003', 'femke@example.org', 'Femke Visser', 'Femke', 'Visser', true, 'footer', 'nl'),
  ('40000000-0000-4000-8000-000000000004', 'paul@example.org', 'Paul Klein', 'Paul', 'Klein', true, 'home', 'de');

insert into public.newsletter_consents
  (subscriber_id, event, consent, source, language, page_url, consent_text, consent_version, privacy_version, ip, user_agent)
values
  ('40000000-0000-4000-8000-000000000003', 'sign_up', true, 'footer', 'nl', 'http://localhost:4321/',
   'Ja, ik wil de Inner Circle nieuwsbrief ontvangen. Ik kan me altijd met één klik afmelden. Zie ons privacybeleid.',
   '2026-11', '2026-11', '192.0.2.10', 'Mozilla/5.0 (demo seed)'),
  ('40000000-0000-4000-8000-000000000004', 'sign_up', true, 'home', 'de', 'http://localhost:4321/de/',
   'Ja, ich möchte den Inner-Circle-Newsletter erhalten. Ich kann mich jederzeit mit einem Klick abmelden. Siehe unsere Datenschutzerklärung.',
   '2026-11', '2026-11', '192.0.2.11', 'Mozilla/5.0 (demo seed)');
insert into public.newsletter_consents (subscriber_id, event, consent, source, language, detail)
values ('40000000-0000-4000-8000-000000000003', 'confirmation_sent', true, 'footer', 'nl', '{"message_id": "<demo@localhost>"}'),
       ('40000000-0000-4000-8000-000000000004', 'confirmation_sent', true, 'home', 'de', '{"message_id": "<demo2@localhost>"}');
insert into public.newsletter_consents (subscriber_id, event, consent, source, language, ip, user_agent)
values ('40000000-0000-4000-8000-000000000003', 'confirmed', true, 'footer', 'nl', '192.0.2.10', 'Mozilla/5.0 (demo seed)');
