import { afterAll, describe, expect, it } from 'vitest';
import { closeDb, codeOf, newEmail, nthMail } from './auth-flows-kit.ts';
import { freshUser, newClient, PASSWORD } from './helpers.ts';

/**
 * The account page shows a pending address beside the current one from `user.new_email`
 * (GoTrue models/user.go: EmailChange `json:"new_email,omitempty"`), through unmodified supabase-js.
 */
afterAll(closeDb);

describe('a pending e-mail change as the account page reads it', () => {
  it('new_email holds the new address until both links are confirmed; the old address signs in meanwhile', async () => {
    const { email, db } = await freshUser();
    const next = newEmail();
    const asked = await db.auth.updateUser({ email: next });
    expect(asked.error).toBeNull();
    expect(asked.data.user?.email).toBe(email);
    expect(asked.data.user?.new_email).toBe(next);
    expect((await db.auth.getUser()).data.user?.new_email).toBe(next);
    expect((await newClient().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    const toNew = codeOf(await nthMail(next, 'Bevestig de wijziging van je e-mailadres'));
    const toOld = codeOf(await nthMail(email, 'Bevestig de wijziging van je e-mailadres'));
    await newClient().auth.verifyOtp({ email: next, token: toNew, type: 'email_change' });
    expect((await db.auth.getUser()).data.user?.new_email).toBe(next);
    await newClient().auth.verifyOtp({ email, token: toOld, type: 'email_change' });

    const after = (await db.auth.getUser()).data.user;
    expect(after?.email).toBe(next);
    expect(after?.new_email).toBeUndefined();
  });
});
