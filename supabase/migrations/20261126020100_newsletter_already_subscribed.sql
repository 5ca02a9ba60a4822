-- A confirmed subscriber who signs up again gets "you are already subscribed" (issue 24, point 2),
-- not a second "please confirm": the same transaction, the same outbox, the same HTTP answer (the
-- endpoint says 202 pending in every case, so it tells nobody whether an address is subscribed).
-- Pending and unsubscribed people get the confirmation again, within the sign-up limits as before.
-- Signature and grants unchanged (create or replace).
create or replace function public.newsletter_sign_up_and_mail(
  p_email text,
  p_first_name text,
  p_last_name text,
  p_language text,
  p_source text,
  p_page_url text,
  p_consent_text text,
  p_consent_version text,
  p_privacy_version text,
  p_origin text,
  p_ip text default null,
  p_user_agent text default null
) returns table (subscriber_id uuid, outbox_key text)
language plpgsql security definer set search_path = '' as $$
declare
  signed record;
  address text := lower(btrim(p_email));
  key text;
  subscribed boolean;
begin
  if coalesce(p_origin, '') !~ '^https?://[^/\s]+$' then
    raise exception 'origin must be an http(s) origin' using errcode = '22023';
  end if;
  select * into signed from public.newsletter_sign_up(p_email, p_first_name, p_last_name, p_language,
    p_source, p_page_url, p_consent_text, p_consent_version, p_privacy_version, p_ip, p_user_agent);
  -- After newsletter_sign_up, which holds the address's lock: the status cannot move meanwhile.
  select s.status = 'subscribed' into subscribed
    from public.newsletter_subscribers s where s.id = signed.subscriber_id;
  key := (case when subscribed then 'newsletter-already.' else 'newsletter-confirm.' end) || left(pg_catalog.encode(
    pg_catalog.sha256(pg_catalog.convert_to(signed.confirm_token, 'UTF8')), 'hex'), 40);
  perform private.enqueue_mail(key, address, p_language,
    case when subscribed then 'newsletter.already_subscribed' else 'newsletter.confirmation' end,
    jsonb_build_object(
      'name', coalesce(nullif(btrim(p_first_name), ''), split_part(address, '@', 1)),
      'origin', p_origin,
      'subscriber_id', signed.subscriber_id,
      'unsubscribe', signed.unsubscribe_token)
    -- An already subscribed person gets no confirmation link: there is nothing to confirm.
    || case when subscribed then '{}'::jsonb else jsonb_build_object('confirm', signed.confirm_token) end);
  subscriber_id := signed.subscriber_id;
  outbox_key := key;
  return next;
end $$;
