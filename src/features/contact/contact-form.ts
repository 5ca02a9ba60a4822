/**
 * Progressive enhancement of the contact form: validates in the browser with translated messages,
 * posts JSON to /api/contact, and never clears what was typed unless the message was accepted.
 */
type Messages = Record<string, string>;

function readMessages(form: HTMLFormElement): Messages {
  try {
    return JSON.parse(form.dataset.messages ?? '{}') as Messages;
  } catch {
    return {};
  }
}

function fieldError(input: HTMLInputElement | HTMLTextAreaElement): string | null {
  const v = input.validity;
  if (v.valueMissing || input.value.trim() === '') return 'contact.error.required';
  if (v.typeMismatch) return 'contact.error.email';
  if (v.tooLong) return 'contact.error.tooLong';
  return null;
}

export function initContactForm(form: HTMLFormElement): void {
  const messages = readMessages(form);
  const msg = (key: string) => messages[key] ?? messages['contact.error.generic'] ?? key;
  const status = form.querySelector<HTMLElement>('[data-form-status]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const inputs = Array.from(form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'));

  const show = (input: HTMLInputElement | HTMLTextAreaElement, key: string | null) => {
    const out = form.querySelector<HTMLElement>(`#${input.id}-error`);
    input.setAttribute('aria-invalid', key ? 'true' : 'false');
    if (out) {
      out.textContent = key ? msg(key) : '';
      out.hidden = !key;
    }
  };
  const setStatus = (text: string, kind: 'ok' | 'error') => {
    if (!status) return;
    status.textContent = text;
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
        setStatus(msg('contact.sent'), 'ok');
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
        setStatus(msg('contact.error.invalid'), 'error');
      } else if (code === 'not_available') {
        setStatus(msg('contact.error.notAvailable'), 'error');
      } else if (code === 'rate_limited') {
        setStatus(msg('contact.error.rateLimited'), 'error');
      } else {
        setStatus(msg('contact.error.generic'), 'error');
      }
    } catch {
      setStatus(msg('contact.error.network'), 'error');
    } finally {
      if (button) {
        button.disabled = false;
        button.textContent = button.dataset.labelIdle ?? '';
      }
    }
  });
}
