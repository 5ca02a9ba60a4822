import { describe, expect, it } from 'vitest';
import { accountMailTemplates } from './mails.ts';

const LINK = 'https://project.supabase.co/auth/v1/verify?token=abc&type=email_change&redirect_to=x';
const render = (kind: string, locale: 'nl' | 'en' | 'de', payload: Record<string, unknown>) => {
  const template = accountMailTemplates[kind];
  if (!template) throw new Error(kind);
  return template(
    { id: '1', idempotency_key: 'k', to: 'a@example.org', locale, kind, payload, attempts: 1 },
    { origin: 'https://example.org', supabaseUrl: '', env: {} },
  );
};

describe('account mails (POST /api/account/email)', () => {
  it("the confirmations carry GoTrue's link and the new address, in the member's language", () => {
    const nl = render('account.email_change_new', 'nl', { new_email: 'new@example.org', link: LINK });
    expect(nl.subject).toBe('Bevestig de wijziging van je e-mailadres');
    expect(nl.text).toContain(LINK);
    expect(nl.text).toContain('new@example.org');
    const de = render('account.email_change_current', 'de', { new_email: 'new@example.org', link: LINK });
    expect(de.subject).toBe('Bestätige die Änderung deiner E-Mail-Adresse');
    expect(de.text).toContain('in new@example.org ändern');
  });

  it('a row whose link is not a GoTrue verify link is not sent (the worker retries, then gives up)', () => {
    for (const link of ['https://evil.example/phish', '', 42]) {
      expect(() => render('account.email_change_new', 'en', { new_email: 'n@example.org', link })).toThrow();
    }
  });

  it('the notice to the owner of a taken address names nobody and has no link', () => {
    const en = render('account.email_taken', 'en', {});
    expect(en.subject).toBe('Someone tried to use your email address');
    expect(en.text).toContain('example.org');
    expect(en.text).not.toContain('http');
  });
});
