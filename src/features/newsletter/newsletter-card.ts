/**
 * Behaviour of a <newsletter-card> (NewsletterCard.astro), loaded on first interaction:
 * validation with the spec's messages, POST /api/newsletter, the optional account, the thank-you
 * card with confetti, and the signed-in member's welcome or one-click card.
 */
import { showToast } from '~/components/toast.ts';
import { needsRefresh, readStoredSession } from '~/features/auth/index.ts';
import type { Lookup } from '~/i18n/bind.ts';
import { afterFirstScreen } from '~/lib/after-first-content.ts';
import { supabaseAnonKey, supabaseUrl } from '~/lib/supabase/env.ts';
import { launchConfetti } from './confetti.ts';
import type { NewsletterCardKey } from './messages.ts';
import { markSubscribed } from './popup-rules.ts';

const RESET_AFTER_MS = 3000;

/** `m`: the card's texts in its language (messages.ts, fetched by card-loader.ts). */
export function initNewsletterCard(card: HTMLElement, m: Lookup<NewsletterCardKey>): void {
  const form = card.querySelector<HTMLFormElement>('[data-nl-form]');
  const success = card.querySelector<HTMLElement>('[data-nl-success]');
  const submit = card.querySelector<HTMLButtonElement>('[data-nl-submit]');
  if (!form || !success || !submit) return;
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | null;
  const email = field('email');
  const firstName = field('firstName');
  const lastName = field('lastName');
  const consent = field('consent');
  const createAccount = field('createAccount');
  const password = field('password');
  const passwordBox = card.querySelector<HTMLElement>('[data-nl-password]');
  let submitting = false;

  const wantsAccount = () => Boolean(createAccount?.checked);
  const missingRequired = () =>
    !email?.value.trim() ||
    !firstName?.value.trim() ||
    !lastName?.value.trim() ||
    !consent?.checked ||
    (wantsAccount() && !password?.value);
  const update = () => {
    if (passwordBox) passwordBox.hidden = !wantsAccount();
    if (password) password.required = wantsAccount();
    submit.disabled = submitting || missingRequired();
  };
  form.addEventListener('input', update);
  form.addEventListener('change', update);
  update();
  card.dataset.ready = 'true';

  const fail = (description: string) =>
    showToast({ title: m('newsletter.form.errorTitle'), description, variant: 'error' });

  async function post(body: Record<string, unknown>): Promise<boolean> {
    try {
      const response = await fetch('/api/newsletter', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          ...body,
          consent: true,
          language: card.dataset.lang,
          pageUrl: location.href,
          consentVersion: card.dataset.consentVersion,
        }),
      });
      if (response.ok) return true;
      fail(m(response.status === 429 ? 'newsletter.form.errorRateLimit' : 'newsletter.form.errorGeneric'));
    } catch {
      fail(m('newsletter.form.errorGeneric'));
    }
    return false;
  }

  async function createTheAccount(): Promise<string | null> {
    try {
      const [{ getSupabase }, { errorText }] = await Promise.all([
        import('~/lib/supabase/client.ts'),
        import('~/lib/supabase/errors.ts'),
      ]);
      const supabase = await getSupabase();
      const display = `${firstName?.value.trim() ?? ''} ${lastName?.value.trim() ?? ''}`.trim();
      const { error } = await supabase.auth.signUp({
        email: email?.value.trim() ?? '',
        password: password?.value ?? '',
        options: { data: { display_name: display }, emailRedirectTo: `${location.origin}/` },
      });
      return error ? errorText(m, error) : null;
    } catch {
      return m('error.network_error');
    }
  }

  const theForm: HTMLFormElement = form;
  const thanks: HTMLElement = success;
  function showSuccess(extra: string | null) {
    theForm.hidden = true;
    thanks.hidden = false;
    const extraBox = thanks.querySelector<HTMLElement>('[data-nl-success-extra]');
    if (extraBox) {
      extraBox.textContent = extra ?? '';
      extraBox.hidden = !extra;
    }
    thanks.focus();
    launchConfetti(thanks);
    markSubscribed();
    card.dispatchEvent(new CustomEvent('newsletter:success', { bubbles: true }));
    setTimeout(() => {
      theForm.reset();
      if (createAccount) createAccount.checked = true;
      thanks.hidden = true;
      theForm.hidden = false;
      update();
    }, RESET_AFTER_MS);
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (submitting) return;
    if (!email?.value.trim() || !firstName?.value.trim() || !lastName?.value.trim() || !consent?.checked) {
      fail(m('newsletter.form.required'));
      return;
    }
    if (email.validity.typeMismatch) {
      email.setAttribute('aria-invalid', 'true');
      fail(m('newsletter.form.required'));
      return;
    }
    email.removeAttribute('aria-invalid');
    if (wantsAccount() && !password?.value) {
      fail(m('newsletter.form.passwordRequired'));
      return;
    }
    if (wantsAccount() && (password?.value.length ?? 0) < 8) {
      fail(m('newsletter.form.passwordShort'));
      return;
    }
    submitting = true;
    submit.textContent = m('newsletter.form.submitting');
    update();
    try {
      const ok = await post({
        email: email.value.trim(),
        firstName: firstName.value.trim(),
        lastName: lastName.value.trim(),
        source: card.dataset.source,
      });
      if (!ok) return;
      let extra: string | null = null;
      if (wantsAccount()) {
        const reason = await createTheAccount();
        if (reason) {
          // The subscription stands; say plainly that only the account failed (SPEC.md section 8).
          showToast({
            title: m('newsletter.form.accountFailedTitle'),
            description: m('newsletter.form.accountFailed', { reason }),
            variant: 'error',
          });
        } else {
          extra = m('newsletter.form.accountCreated');
        }
      }
      showSuccess(extra);
    } finally {
      submitting = false;
      submit.textContent = m('newsletter.form.submit');
      update();
    }
  });

  void showMemberCard(card, m, form, post);
}

/** Signed-in members: welcome (subscribed), pending, or subscribe with one click. */
async function showMemberCard(
  card: HTMLElement,
  m: Lookup<NewsletterCardKey>,
  form: HTMLFormElement,
  post: (body: Record<string, unknown>) => Promise<boolean>,
): Promise<void> {
  // A signed-in page's own first content comes first (the card is in the footer).
  await afterFirstScreen();
  const session = readStoredSession();
  if (!session) return;
  let token = session.accessToken;
  if (needsRefresh(session)) {
    const { getSupabase } = await import('~/lib/supabase/client.ts');
    const { data } = await (await getSupabase()).auth.getSession();
    if (!data.session) return;
    token = data.session.access_token;
  }
  let status = 'none';
  try {
    const response = await fetch(`${supabaseUrl}/rest/v1/rpc/newsletter_my_status`, {
      method: 'POST',
      headers: {
        apikey: supabaseAnonKey,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body: '{}',
    });
    if (response.ok) status = String(await response.json());
  } catch {
    return;
  }
  const box = card.querySelector<HTMLElement>('[data-nl-member]');
  const text = card.querySelector<HTMLElement>('[data-nl-member-text]');
  const button = card.querySelector<HTMLButtonElement>('[data-nl-one-click]');
  if (!box || !text || !button) return;
  const show = (key: NewsletterCardKey, withButton: boolean) => {
    text.textContent = m(key, { email: session.email });
    button.hidden = !withButton;
    box.hidden = false;
    form.hidden = true;
  };
  if (status === 'subscribed') {
    markSubscribed();
    show('newsletter.form.member.welcomeText', false);
  } else if (status === 'pending') {
    show('newsletter.form.member.pendingText', false);
  } else {
    show('newsletter.form.member.oneClickText', true);
    button.addEventListener('click', async () => {
      button.disabled = true;
      const ok = await post({ email: session.email, source: 'member' });
      button.disabled = false;
      if (ok) {
        show('newsletter.form.member.pendingText', false);
        launchConfetti(box);
        card.dispatchEvent(new CustomEvent('newsletter:success', { bubbles: true }));
      }
    });
  }
  card.dataset.member = status;
}
