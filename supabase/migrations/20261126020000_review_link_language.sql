-- The review-link mail speaks the CLIENT's language (issue 24, point 2): decided here, from
-- private.mail_locale of the client's user (their setting on /account, else the language they
-- signed up in, else Dutch; public.clients has no language of its own), not from the admin's
-- screen. The old signature took the admin's page language (`lang`); it is gone. `mail => false`
-- only makes the link (for the admin to pass on) and returns the language its page should have.
drop function public.send_review_link(uuid, text, text, integer);

create function public.send_review_link(
  client_id uuid,
  origin text,
  valid_hours integer default 168,
  mail boolean default true
)
returns table (link_id uuid, token text, expires_at timestamptz, mailed boolean, locale text)
language plpgsql security definer set search_path = '' as $$
declare
  created record;
  client record;
begin
  if coalesce(origin, '') !~ '^https?://[^/\s]+$' then
    raise exception 'origin must be an http(s) origin' using errcode = '22023';
  end if;
  -- The admin check is create_review_link's, before anything about the client is read.
  select * into created from public.create_review_link(send_review_link.client_id, valid_hours);
  select c.name, c.email into client from public.clients c where c.profile_id = send_review_link.client_id;
  locale := private.mail_locale(send_review_link.client_id);
  mailed := coalesce(mail, true) and coalesce(btrim(client.email), '') <> '';
  if mailed then
    perform private.enqueue_mail('ta-review-link.' || created.link_id, client.email, locale, 'ta.review_link',
      jsonb_build_object('name', client.name, 'origin', origin, 'link_id', created.link_id,
        'token', created.token, 'expires_at', created.expires_at));
  end if;
  link_id := created.link_id;
  token := created.token;
  expires_at := created.expires_at;
  return next;
end $$;
revoke execute on function public.send_review_link(uuid, text, integer, boolean) from public, anon;
grant execute on function public.send_review_link(uuid, text, integer, boolean) to authenticated;
