import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const base = 'http://127.0.0.1:22500';
for (const [name, width, path, q] of [['desk-nl', 1280, '/shop', 'hoo'], ['phone-de', 375, '/de/', 'kiss']]) {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  await page.goto(base + path);
  if (width < 1024) await page.getByRole('button', { name: /Suche öffnen|Open search|Zoeken openen/ }).click();
  const box = page.getByRole('combobox');
  await box.click();
  await box.pressSequentially(q, { delay: 50 });
  await page.getByRole('listbox').getByRole('option').first().waitFor();
  await box.press('ArrowDown');
  await box.press('ArrowDown');
  await page.screenshot({ path: `/tmp/shots/${name}.png` });
  console.log(name, await box.getAttribute('aria-activedescendant'), await box.getAttribute('aria-expanded'));
}
for (const [name, path] of [['results-en', '/en/search?q=unity'], ['none-nl', '/search?q=zzzz']]) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1400 } });
  await page.goto(base + path);
  await page.screenshot({ path: `/tmp/shots/${name}.png` });
}
await browser.close();
