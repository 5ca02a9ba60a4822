/**
 * Progressive enhancement of the contact form: validates in the browser with translated messages,
 * posts JSON to /api/contact, and never clears what was typed unless the message was accepted.
 */
import type { Lookup } from '~/i18n/bind.ts';
import { fetchClientTexts } from '~/i18n/client-texts.ts';
import { asLocale, defaultLocale } from '~/i18n/locales.ts';
import type { ContactTextKey } from './texts.ts';

function fieldError(input: HTMLInputElement | HTMLTextAreaElement): ContactTextKey | null {
  const v = input.validity;
  if (v.valueMissing || input.value.trim() === '') return 'contact.error.required';
  if (v.typeMismatch) return 'contact.error.email';
  if (v.tooLong) return 'contact.error.tooLong';
  return null;
}

export function initContactForm(form: HTMLFormElement): void {
  // The texts (/texts/contact.json) are fetched on the first touch of the form, not carried in the page.
  let texts: Promise<Lookup<ContactTextKey> | null> | undefined;
  const load = () => {
    texts ??= fetchClientTexts<ContactTextKey>(
      form.dataset.textsUrl,
      asLocale(form.dataset.lang) ?? defaultLocale,
    );
    return texts;
  };
  form.addEventListener('focusin', load, { once: true });
  const msg = async (key: ContactTextKey) => (await load())?.(key) ?? '';
  const status = form.querySelector<HTMLElement>('[data-form-status]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const inputs = Array.from(form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'));

  const show = (input: HTMLInputElement | HTMLTextAreaElement, key: ContactTextKey | null) => {
    const out = form.querySelector<HTMLElement>(`#${input.id}-error`);
    input.setAttribute('aria-invalid', key ? 'true' : 'false');
    if (out) {
      out.hidden = !key;
      out.textContent = '';
      // A later change of the field wins over a text still on its way.
      if (key)
        void msg(key).then((text) => {
          if (input.getAttribute('aria-invalid') === 'true') out.textContent = text;
        });
    }
  };
  const setStatus = async (key: ContactTextKey, kind: 'ok' | 'error') => {
    if (!status) return;
    status.textContent = await msg(key);
    status.className = `sm:col-span-2 rounded-lg p-3 ${kind === 'ok' ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`;
  };

  for (const input of inputs) {
    input.addEventListener('blur', () => {
      if (input.value !== '') show(input, fieldError(input));
    });
    input.addEventListener('input', () => {
      if (input.getAttribute('aria-invalid') === 'true') show(input, fieldError(input));
    });
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    let firstInvalid: HTMLInputElement | HTMLTextAreaElement | null = null;
    for (const input of inputs) {
      const key = fieldError(input);
      show(input, key);
      if (key && !firstInvalid) firstInvalid = input;
    }
    if (firstInvalid) {
      firstInvalid.focus();
      return;
    }
    const body = Object.fromEntries(inputs.map((i) => [i.name, i.value]));
    body.language = form.dataset.lang ?? 'nl';
    if (button) {
      button.disabled = true;
      button.textContent = button.dataset.labelBusy ?? '';
    }
    try {
      const response = await fetch(form.action, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
      if (response.ok) {
        form.reset();
        await setStatus('contact.sent', 'ok');
        return;
      }
      const data = (await response.json().catch(() => null)) as {
        error?: { code?: string; fields?: Record<string, string> };
      } | null;
      const code = data?.error?.code;
      if (code === 'invalid_input' && data?.error?.fields) {
        for (const [name, issue] of Object.entries(data.error.fields)) {
          const input = inputs.find((i) => i.name === name);
          if (input)
            show(
              input,
              issue === 'too_long'
                ? 'contact.error.tooLong'
                : issue === 'email'
                  ? 'contact.error.email'
                  : 'contact.error.required',
            );
        }
        await setStatus('contact.error.invalid', 'error');
      } else if (code === 'not_available') {
        await setStatus('contact.error.notAvailable', 'error');
      } else if (code === 'rate_limited') {
        await setStatus('contact.error.rateLimited', 'error');
      } else {
        await setStatus('contact.error.generic', 'error');
      }
    } catch {
      await setStatus('contact.error.network', 'error');
    } finally {
      if (button) {
        button.disabled = false;
        button.textContent = button.dataset.labelIdle ?? '';
      }
    }
  });
}
