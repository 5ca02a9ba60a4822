import { createHash } from 'node:crypto';
import { type NewsletterProvider, type ProviderSubscriber, providerFetch } from './types.ts';

export type MailchimpConfig = { apiKey: string; listId: string; brandTag: string; baseUrl?: string };

/**
 * Mailchimp Marketing API 3.0: PUT /lists/{list}/members/{md5(lowercase e-mail)} creates or
 * updates the member (status, FNAME/LNAME, language), then POST .../tags adds the brand and
 * source tags. The API key's suffix names the data centre (`...-us21`).
 */
export function mailchimpProvider(config: MailchimpConfig): NewsletterProvider {
  const dc = config.apiKey.split('-')[1] ?? 'us1';
  const base = (config.baseUrl ?? `https://${dc}.api.mailchimp.com/3.0`).replace(/\/$/, '');
  const headers = {
    authorization: `Basic ${Buffer.from(`innercircle:${config.apiKey}`).toString('base64')}`,
    'content-type': 'application/json',
  };
  return {
    name: 'mailchimp',
    async sync(s: ProviderSubscriber) {
      const hash = createHash('md5').update(s.email.toLowerCase()).digest('hex');
      const member = `${base}/lists/${encodeURIComponent(config.listId)}/members/${hash}`;
      await providerFetch(member, {
        method: 'PUT',
        headers,
        body: JSON.stringify({
          email_address: s.email,
          status_if_new: s.status,
          status: s.status,
          merge_fields: { FNAME: s.firstName, LNAME: s.lastName },
          language: s.language,
        }),
      });
      await providerFetch(`${member}/tags`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          tags: [config.brandTag, s.source].map((name) => ({ name, status: 'active' })),
        }),
      });
    },
  };
}
