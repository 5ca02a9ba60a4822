-- Mail written by the database goes out at once (issue 22).
--
-- Endpoints that queue mail kick the worker themselves (src/lib/mail/kick.ts); mail written by a
-- trigger or a function called straight through the API has no endpoint to do that, and waited
-- for the scheduled minute. Locally the worker LISTENs on `mail_outbox` (private.enqueue_mail
-- NOTIFYs; the notification arrives on commit). In production this trigger is Supabase's
-- "database webhook": once per transaction that writes outbox rows it asks pg_net to POST to the
-- Netlify background function mail-outbox-background with MAIL_KICK_SECRET in `x-mail-kick`.
-- pg_net queues the request in the transaction and sends it after the commit, so the worker finds
-- the rows; a rolled-back transaction sends nothing; a lost request only delays the mail until
-- the scheduled run.
--
-- It does nothing until set up (README "Mail outbox", production): the pg_net extension enabled,
-- and two Vault secrets:
--   select vault.create_secret('https://<site>/.netlify/functions/mail-outbox-background', 'mail_kick_url');
--   select vault.create_secret('<MAIL_KICK_SECRET>', 'mail_kick_secret');
-- Without pg_net or Vault (the local stack) it returns at once; the calls are dynamic so this
-- migration applies everywhere.

create function private.mail_outbox_kick() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  kick_url text;
  kick_secret text;
begin
  -- Once per transaction: the worker drains every row anyway.
  if current_setting('private.mail_outbox_kicked', true) = 'on'
     or to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null
     or to_regclass('vault.decrypted_secrets') is null then
    return null;
  end if;
  execute $q$select max(decrypted_secret) filter (where name = 'mail_kick_url'),
                    max(decrypted_secret) filter (where name = 'mail_kick_secret')
               from vault.decrypted_secrets where name in ('mail_kick_url', 'mail_kick_secret')$q$
    into kick_url, kick_secret;
  if coalesce(kick_url, '') !~ '^https://[^/\s]+/' or coalesce(kick_secret, '') = '' then
    return null;
  end if;
  perform set_config('private.mail_outbox_kicked', 'on', true);
  execute 'select net.http_post(url => $1, body => $2, headers => $3, timeout_milliseconds => 5000)'
    using kick_url, '{}'::jsonb, jsonb_build_object('x-mail-kick', kick_secret);
  return null;
end $$;
revoke execute on function private.mail_outbox_kick() from public, anon, authenticated;
create trigger mail_outbox_kick after insert on private.mail_outbox
  for each row execute function private.mail_outbox_kick();
