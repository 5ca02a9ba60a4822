import puppeteer from 'puppeteer-core';
const base = 'http://127.0.0.1:4321';
const b = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'], headless: true });
async function as(email, pages) {
  const ctx = await b.createBrowserContext();
  const p = await ctx.newPage();
  await p.setViewport({ width: 412, height: 900 });
  const errors = [];
  p.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  p.on('pageerror', (e) => errors.push(String(e)));
  await p.goto(`${base}/en/auth`, { waitUntil: 'networkidle0' });
  await p.type('input[type=email]', email);
  await p.type('input[type=password]', 'password123');
  await Promise.all([p.waitForNavigation({ waitUntil: 'networkidle0' }).catch(() => {}), p.click('form button[type=submit]')]);
  for (const path of pages) {
    const t0 = Date.now();
    await p.goto(base + path, { waitUntil: 'networkidle0' });
    await new Promise((r) => setTimeout(r, 1500));
    const info = await p.evaluate(() => ({
      first: performance.getEntriesByName('first-content')[0]?.startTime ?? null,
      bell: document.querySelector('[data-notification-bell]')?.getAttribute('aria-label'),
      badge: document.querySelector('[data-unread-badge]')?.textContent ?? document.querySelector('#user-menu-unread')?.textContent,
      h1: document.querySelector('h1')?.textContent,
      cls: 0,
    }));
    const name = path.replace(/\W+/g, '_');
    await p.screenshot({ path: `/tmp/shots/${name}.png` });
    console.log(email, path, JSON.stringify(info), `${Date.now() - t0} ms`);
  }
  console.log(email, 'console errors:', errors);
  await ctx.close();
}
await as('emma@example.com', ['/en/community', '/de/messages', '/account', '/de/user/55555555-5555-4555-8555-555555555555']);
await as('lotte@example.com', ['/timeline-alchemy/client/my-previews', '/en/timeline-alchemy/client/my-previews']);
await as('admin@example.com', ['/de/timeline-alchemy/admin/dashboard', '/en/notifications']);
await b.close();
