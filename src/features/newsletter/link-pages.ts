import { newsletterDeps, requestMeta } from './endpoint-deps.ts';
import { tokenSchema } from './schema.ts';

/** What the two pages a newsletter mail links to get from Astro (`Astro` itself fits). */
export type LinkPageContext = { url: URL; request: Request; clientAddress?: string };

/** The link's token (null when malformed), the store, the provider sync and who is asking. */
function fromLink(page: LinkPageContext) {
  const token = tokenSchema.safeParse(page.url.searchParams.get('token') ?? '');
  return {
    token: token.success ? token.data : null,
    ...newsletterDeps(),
    ip: requestMeta(page).ip,
    userAgent: page.request.headers.get('user-agent'),
  };
}

/** Neither page is cached nor tells another site its token (Referer). */
export const linkPageHeaders = { 'cache-control': 'no-store', 'referrer-policy': 'same-origin' } as const;

const confirmViews = {
  confirmed: { title: 'newsletter.page.confirmed', text: 'newsletter.page.confirmedText', tone: 'ok' },
  used: { title: 'newsletter.page.used', text: 'newsletter.page.usedText', tone: 'problem' },
  expired: { title: 'newsletter.page.expired', text: 'newsletter.page.expiredText', tone: 'problem' },
  invalid: { title: 'newsletter.page.invalid', text: 'newsletter.page.invalidText', tone: 'problem' },
  unavailable: { title: 'newsletter.form.errorTitle', text: 'newsletter.form.errorGeneric', tone: 'problem' },
} as const;
const confirmStatus = { confirmed: 200, used: 410, expired: 410, invalid: 400, unavailable: 503 } as const;

/**
 * /newsletter/confirm, the link in the confirmation mail: confirms once, within 7 days, and says
 * clearly otherwise (the view's texts, the status, the person's name and address for the texts).
 */
export async function confirmFromLink(page: LinkPageContext) {
  const { token, store, sync, ip, userAgent } = fromLink(page);
  const result = !token
    ? { outcome: 'invalid' as const }
    : store
      ? await store.confirm(token, ip, userAgent)
      : { outcome: 'unavailable' as const };
  if (result.outcome === 'confirmed' && 'person' in result && result.person)
    await sync?.(result.person, 'subscribed');
  return {
    view: confirmViews[result.outcome],
    status: confirmStatus[result.outcome],
    params: {
      name: 'name' in result ? (result.name ?? '') : '',
      email: 'email' in result ? (result.email ?? '') : '',
    },
    signUpAgain: result.outcome === 'expired' || result.outcome === 'invalid',
  };
}

/**
 * /newsletter/unsubscribe, the link of every mail. GET only asks (link scanners that prefetch GET
 * must not unsubscribe anyone, RFC 8058 section 1); its form's POST unsubscribes. Mail clients use
 * the List-Unsubscribe one-click POST (/api/newsletter/unsubscribe) instead.
 */
export async function unsubscribeFromLink(page: LinkPageContext) {
  const { token, store, sync, ip, userAgent } = fromLink(page);
  let outcome: 'ask' | 'unsubscribed' | 'invalid' | 'unavailable' = token ? 'ask' : 'invalid';
  let email = '';
  if (token && page.request.method === 'POST') {
    const result = store
      ? await store.unsubscribe(token, ip, userAgent, 'link')
      : { outcome: 'unavailable' as const };
    outcome = result.outcome;
    if ('person' in result && result.person) await sync?.(result.person, 'unsubscribed');
    email = 'email' in result ? (result.email ?? '') : '';
  }
  return { outcome, email, status: outcome === 'invalid' ? 400 : outcome === 'unavailable' ? 503 : 200 };
}
