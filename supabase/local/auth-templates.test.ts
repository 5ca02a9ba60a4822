import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUTH_TEMPLATES, type AuthMailType, type MailLocale, renderAuthMail } from './auth-templates.ts';
import { SUPABASE_DIR } from './migrate.ts';

/**
 * The production templates (supabase/config.toml `[auth.email.template.*]` and the HTML files
 * they name, rendered by hosted GoTrue) and the local stack's (auth-templates.ts) say the same
 * in each language, so a mail tested locally is the mail a member gets.
 */
const GOTRUE_NAMES: Record<AuthMailType, string> = {
  signup: 'confirmation',
  recovery: 'recovery',
  magiclink: 'magic_link',
  email_change: 'email_change',
  reauthentication: 'reauthentication',
};
const LOCALES: MailLocale[] = ['nl', 'en', 'de'];

const config = readFileSync(join(SUPABASE_DIR, 'config.toml'), 'utf8');
function section(name: string) {
  const body = config.split(`[auth.email.template.${name}]`)[1]?.split(/^\[/m)[0] ?? '';
  return {
    subject: /^subject = '(.*)'$/m.exec(body)?.[1] ?? '',
    path: /^content_path = "\.\/supabase\/(.*)"$/m.exec(body)?.[1] ?? '',
  };
}

/** The branch GoTrue renders for a user whose metadata `locale` is `locale` (the one pattern the templates use). */
function branchFor(template: string, locale: MailLocale | undefined): string {
  const m =
    /\{\{ \$l := printf "%v" \.Data\.locale \}\}\{\{ if eq \$l "de" \}\}([\s\S]*?)\{\{ else if eq \$l "en" \}\}([\s\S]*?)\{\{ else \}\}([\s\S]*?)\{\{ end \}\}/.exec(
      template,
    );
  if (!m) throw new Error('not the locale pattern');
  return (locale === 'de' ? m[1] : locale === 'en' ? m[2] : m[3]) as string;
}

describe.each(Object.entries(GOTRUE_NAMES) as Array<[AuthMailType, string]>)(
  '%s (GoTrue %s)',
  (type, name) => {
    const { subject, path } = section(name);

    it('has a production subject and template file', () => {
      expect(subject).not.toBe('');
      expect(existsSync(join(SUPABASE_DIR, path))).toBe(true);
    });

    it.each(LOCALES)('says in %s what the local stack says', (locale) => {
      expect(branchFor(subject, locale)).toBe(AUTH_TEMPLATES[type][locale].subject);
      const body = branchFor(readFileSync(join(SUPABASE_DIR, path), 'utf8'), locale);
      expect(body).toContain(`${AUTH_TEMPLATES[type][locale].codeLabel}: <code>{{ .Token }}</code>`);
      if (type !== 'reauthentication') expect(body).toContain('href="{{ .ConfirmationURL }}"');
    });

    it('falls back to Dutch without a locale', () => {
      expect(branchFor(subject, undefined)).toBe(AUTH_TEMPLATES[type].nl.subject);
    });
  },
);

describe('renderAuthMail', () => {
  it('puts the code into the subject where the template names it', () => {
    expect(renderAuthMail('reauthentication', 'de', '123456').subject).toBe(
      '123456 ist dein Bestätigungscode',
    );
    expect(renderAuthMail('signup', 'en', '123456').subject).toBe('Confirm your email address');
  });
});
