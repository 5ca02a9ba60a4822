import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import {
  type Actor,
  actor,
  mailedLink,
  newClient,
  openLink,
  PASSWORD,
  serviceClient,
  USERS,
} from './helpers.ts';
import { AUTHENTICATED, NOBODY, runMatrix, type Scenario } from './rls-kit.ts';

/** The language each person reads mail in: set only by its owner, read by them and admins. */

async function localeOf(profileId: string): Promise<string | null> {
  const { data, error } = await serviceClient()
    .from('account_settings')
    .select('mail_locale')
    .eq('profile_id', profileId)
    .maybeSingle();
  if (error) throw error;
  return (data as { mail_locale: string } | null)?.mail_locale ?? null;
}

/** What every mail sender asks the database (private.mail_locale is not exposed by the API). */
async function mailLocale(person: string): Promise<string> {
  const db = new pg.Client({ connectionString: inject('supabaseDbUrl') });
  await db.connect();
  try {
    const { rows } = await db.query('select private.mail_locale($1) as l', [person]);
    return rows[0].l as string;
  } finally {
    await db.end();
  }
}

const LOCALES = ['nl', 'en', 'de'] as const;
const pick = (not: string | null) => LOCALES.find((l) => l !== not) ?? 'nl';

const scenarios: Scenario[] = [
  {
    table: 'account_settings',
    op: 'set their own mail language with set_my_mail_locale()',
    allowed: AUTHENTICATED,
    run: async (a) => {
      const locale = pick(a.id ? await localeOf(a.id) : null);
      const { error } = await a.db.rpc('set_my_mail_locale', { locale });
      return error === null && !!a.id && (await localeOf(a.id)) === locale;
    },
  },
  {
    table: 'account_settings',
    op: "read member A's mail language",
    allowed: ['admin', 'memberA'],
    run: async (a: Actor) => {
      await serviceClient()
        .from('account_settings')
        .upsert({ profile_id: USERS.memberA.id, mail_locale: 'en' });
      const { data } = await a.db
        .from('account_settings')
        .select('mail_locale')
        .eq('profile_id', USERS.memberA.id);
      return (data?.length ?? 0) === 1;
    },
  },
  {
    table: 'account_settings',
    op: "change member A's mail language directly (update, upsert or delete)",
    allowed: NOBODY,
    run: async (a) => {
      await serviceClient()
        .from('account_settings')
        .upsert({ profile_id: USERS.memberA.id, mail_locale: 'en' });
      await a.db.from('account_settings').update({ mail_locale: 'de' }).eq('profile_id', USERS.memberA.id);
      await a.db.from('account_settings').upsert({ profile_id: USERS.memberA.id, mail_locale: 'de' });
      await a.db.from('account_settings').delete().eq('profile_id', USERS.memberA.id);
      return (await localeOf(USERS.memberA.id)) !== 'en';
    },
  },
];

runMatrix('Accounts: mail language', scenarios);

describe('which language a mail is written in', () => {
  it('an unknown language is refused with 22023 and the stored one stays', async () => {
    const { db } = await actor('memberB');
    await db.rpc('set_my_mail_locale', { locale: 'de' });
    for (const locale of ['fr', '', 'NL', 'x'.repeat(80)]) {
      const { error } = await db.rpc('set_my_mail_locale', { locale });
      expect(error?.code).toBe('22023');
    }
    expect(await localeOf(USERS.memberB.id)).toBe('de');
    expect(await mailLocale(USERS.memberB.id)).toBe('de');
  });

  it('without a setting: the language signed up in, then Dutch; the setting wins once made', async () => {
    const email = `t-${randomUUID().slice(0, 12)}@example.com`;
    const db = newClient();
    const { data, error } = await db.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { display_name: 'Sprache', locale: 'de' } },
    });
    if (error || !data.user) throw error ?? new Error('no user');
    const id = data.user.id;
    expect(await mailLocale(id)).toBe('de');
    await openLink(await mailedLink(email));
    await db.auth.signInWithPassword({ email, password: PASSWORD });
    await db.rpc('set_my_mail_locale', { locale: 'en' });
    expect(await mailLocale(id)).toBe('en');

    const odd = newClient();
    const other = await odd.auth.signUp({
      email: `t-${randomUUID().slice(0, 12)}@example.com`,
      password: PASSWORD,
      options: { data: { locale: 'klingon' } },
    });
    expect(await mailLocale(other.data.user?.id ?? '')).toBe('nl');
  });
});
