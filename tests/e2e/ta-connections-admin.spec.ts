import { expect, test, waitForHydration } from './fixtures.ts';
import { storeSession } from './member-helpers.ts';
import { newClientAccount, service } from './timeline-alchemy-helpers.ts';

// Issue 27: the admin sees, per client, which accounts are connected and their state (in Dutch):
// the client's X account, then the same account after X refused its token ("reconnect").
test("the admin sees a client's connected X account and its state (nl)", async ({ page }) => {
  test.setTimeout(90_000);
  const n = Date.now().toString(36);
  const name = `Gekoppelde klant ${n}`;
  const client = await newClientAccount(name);
  const [x] = (await service('social_connections', {
    method: 'POST',
    body: JSON.stringify({
      client_id: client.id,
      platform: 'x',
      account_id: '4242',
      account_name: `klant_${n}`,
      status: 'connected',
    }),
  })) as Array<{ id: string }>;
  await service('social_connections', {
    method: 'POST',
    body: JSON.stringify({
      client_id: client.id,
      platform: 'linkedin',
      account_id: 'urn:li:organization:4243',
      account_name: `Klantpagina ${n}`,
      status: 'connected',
    }),
  });

  await storeSession(page, 'admin@example.com');
  await page.goto('/timeline-alchemy/admin/dashboard');
  await waitForHydration(page);
  const open = async () => {
    await page.getByText('Gekoppelde accounts van klanten').click();
    return page.getByRole('listitem', { name, exact: true });
  };
  let mine = await open();
  await expect(mine.getByRole('heading', { name })).toBeVisible();
  await expect(mine.getByRole('listitem')).toHaveText([
    `LinkedIn · Klantpagina ${n} (bedrijfspagina) · Verbonden`,
    `X · klant_${n} · Verbonden`,
  ]);

  // X refuses the token: the admin sees "reconnect" for that account.
  await service(`social_connections?id=eq.${x?.id}`, {
    method: 'PATCH',
    body: JSON.stringify({ status: 'revoked' }),
  });
  await page.reload();
  await waitForHydration(page);
  mine = await open();
  await expect(mine.getByRole('listitem').filter({ hasText: 'X ·' })).toHaveText(
    `X · klant_${n} · Toegang ingetrokken: opnieuw koppelen`,
  );
});
