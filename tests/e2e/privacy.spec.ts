import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { ANON_KEY } from '../../supabase/local/keys.ts';
import { checkA11y, expect, test, waitForHydration } from './fixtures.ts';
import { API, contextFor, newMember } from './messages-helpers.ts';

/** Issue 21, points 3 and 4: /account/data downloads the member's data and deletes the account. */

const LANGS = [
  {
    prefix: '',
    download: 'Mijn gegevens downloaden',
    remove: 'Mijn account definitief verwijderen',
    goodbye: 'Je account is verwijderd',
    login: 'Inloggen',
  },
  {
    prefix: '/en',
    download: 'Download my data',
    remove: 'Delete my account for good',
    goodbye: 'Your account has been deleted',
    login: 'Log in',
  },
  {
    prefix: '/de',
    download: 'Meine Daten herunterladen',
    remove: 'Mein Konto endgültig löschen',
    goodbye: 'Dein Konto wurde gelöscht',
    login: 'Anmelden',
  },
] as const;

const options = { auth: { persistSession: false, autoRefreshToken: false } };

for (const lang of LANGS) {
  test(`${lang.prefix || '/nl'}: export downloads my data, deletion with typed confirmation ends the account`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const member = await newMember(`Leaver ${lang.prefix || 'nl'}`);
    const other = await newMember('Stays Here');
    const db = createClient(API, ANON_KEY, options);
    await db.auth.setSession(JSON.parse(member.session));
    const otherDb = createClient(API, ANON_KEY, options);
    await otherDb.auth.setSession(JSON.parse(other.session));
    const title = `Export ${lang.prefix || 'nl'} ${Date.now()}`;
    expect((await db.from('posts').insert({ title, content: 'Wat ik schreef' })).error).toBeNull();
    expect((await db.from('messages').insert({ receiver_id: other.id, content: 'Heen' })).error).toBeNull();
    expect(
      (await otherDb.from('messages').insert({ receiver_id: member.id, content: 'Terug' })).error,
    ).toBeNull();

    const { context, page } = await contextFor(browser, member);
    await page.goto(`${lang.prefix}/account/data`);
    await waitForHydration(page);
    await checkA11y(page);

    // Export: the button is busy while the zip is made, then the browser gets the file.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: lang.download }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d\d-\d\d\.zip$/);
    const dir = mkdtempSync(join(tmpdir(), 'e2e-privacy-'));
    try {
      const file = join(dir, 'export.zip');
      await download.saveAs(file);
      const data = JSON.parse(execFileSync('unzip', ['-p', file, 'data.json'], { encoding: 'utf8' }));
      expect(data.version).toBe(2);
      expect(data.account).toEqual({ id: member.id, email: member.email });
      expect(data.profile.display_name).toBe(member.name);
      expect(data.posts.map((p: { title: string }) => p.title)).toEqual([title]);
      expect(
        data.messages.map((m: { direction: string; content: string }) => [m.direction, m.content]),
      ).toEqual([
        ['sent', 'Heen'],
        ['received', 'Terug'],
      ]);
      expect(data.messages[0].other).toEqual({ id: other.id, display_name: 'Stays Here' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    // Deletion: the button stays disabled until the account's address is typed.
    const remove = page.getByRole('button', { name: lang.remove });
    await expect(remove).toBeDisabled();
    const confirm = page.getByRole('textbox', { name: member.email });
    await confirm.fill('someone-else@example.com');
    await expect(remove).toBeDisabled();
    await confirm.fill(member.email.toUpperCase());
    await remove.click();
    await expect(page).toHaveURL(new RegExp(`^[^?#]*://[^/]+${lang.prefix}/?$`), { timeout: 15_000 });
    await expect(page.getByText(lang.goodbye)).toBeVisible();

    // The other side keeps nothing of the person, and the account no longer signs in.
    expect(
      (
        await otherDb
          .from('messages')
          .select('id')
          .or(`sender_id.eq.${member.id},receiver_id.eq.${member.id}`)
      ).data,
    ).toEqual([]);
    expect((await otherDb.from('profiles').select('id').eq('id', member.id)).data).toEqual([]);
    await context.close();
    // (contextFor puts the old session back on every load: a fresh browser signs in.)
    const fresh = await browser.newContext();
    const login = await fresh.newPage();
    await login.goto(`${lang.prefix}/auth`);
    await waitForHydration(login);
    const form = login.getByRole('tabpanel');
    await form.getByLabel(/e-mail/i).fill(member.email);
    await form.getByLabel(/^(Password|Wachtwoord|Passwort)$/).fill('password123');
    await form.getByRole('button', { name: lang.login }).click();
    await expect(login.getByRole('alert')).toBeVisible();
    await expect(login).toHaveURL(/\/auth/);
    await fresh.close();
  });
}
