import { createServer, type ServerResponse } from 'node:http';
import { type CapturedMail, clearMail, listMail } from './mail.ts';

const esc = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1c1917;background:#fafaf9}
header{padding:12px 20px;background:#292524;color:#fafaf9;display:flex;gap:16px;align-items:center}
header a{color:#fafaf9}main{padding:16px 20px;max-width:1100px}table{border-collapse:collapse;width:100%}
td,th{text-align:left;padding:8px;border-bottom:1px solid #e7e5e4;vertical-align:top}
iframe{width:100%;height:70vh;border:1px solid #d6d3d1;background:#fff}pre{white-space:pre-wrap;background:#fff;
border:1px solid #d6d3d1;padding:12px}dt{font-weight:600}dd{margin:0 0 6px}
@media (prefers-color-scheme: dark){body{background:#1c1917;color:#e7e5e4}a{color:#93c5fd}pre{background:#292524}
td,th{border-color:#44403c}}`;

function page(res: ServerResponse, title: string, body: string): void {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
      `<title>${esc(title)}</title><style>${STYLE}</style></head><body><header><strong>Local inbox</strong>` +
      `<a href="/">All mails</a><span>every mail the product sends locally lands here</span></header><main>${body}</main></body></html>`,
  );
}

function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(value));
}

function listPage(mails: CapturedMail[]): string {
  if (mails.length === 0) return '<p>No mails yet.</p>';
  const rows = mails
    .map(
      (m) =>
        `<tr><td>${esc(new Date(m.sentAt).toLocaleString('en-GB'))}</td><td>${esc(m.to)}</td>` +
        `<td><a href="/m/${encodeURIComponent(m.id)}">${esc(m.subject || '(no subject)')}</a></td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function mailPage(m: CapturedMail): string {
  const links = m.links.map((l) => `<li><a href="${esc(l)}">${esc(l)}</a></li>`).join('');
  const headers = Object.entries(m.headers)
    .filter(([k]) => /^(from|to|subject|date|list-unsubscribe|list-unsubscribe-post)$/.test(k))
    .map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`)
    .join('');
  // The HTML part is shown in a sandboxed frame: no script runs, links open at the top level.
  return (
    `<h1>${esc(m.subject)}</h1><dl>${headers}</dl><h2>Links</h2><ul>${links}</ul>` +
    (m.html
      ? `<h2>HTML</h2><iframe title="HTML part" sandbox="allow-popups allow-top-navigation-by-user-activation" src="/m/${encodeURIComponent(m.id)}/html"></iframe>`
      : '') +
    `<h2>Text</h2><pre>${esc(m.text)}</pre>`
  );
}

/** The web inbox of the local mail capture: `/`, `/m/:id`, `/m/:id/html`, `/api/messages[/:id]`. */
export async function startInbox(options: {
  port: number;
  dataDir: string;
}): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponentSafe);
    (async () => {
      if (parts[0] === 'api' && parts[1] === 'messages') {
        if (req.method === 'DELETE' && parts.length === 2) {
          await clearMail(options.dataDir);
          return json(res, 200, { deleted: true });
        }
        if (req.method !== 'GET') return json(res, 405, { error: 'method not allowed' });
        let mails = await listMail(options.dataDir);
        if (parts[2]) {
          const found = mails.find((m) => m.id === parts[2]);
          return found ? json(res, 200, found) : json(res, 404, { error: 'not found' });
        }
        const to = url.searchParams.get('to')?.toLowerCase();
        if (to) mails = mails.filter((m) => m.to.toLowerCase().split(', ').includes(to));
        return json(res, 200, mails);
      }
      if (req.method !== 'GET') return json(res, 405, { error: 'method not allowed' });
      if (parts.length === 0) return page(res, 'Local inbox', listPage(await listMail(options.dataDir)));
      if (parts[0] === 'm' && parts[1]) {
        const mail = (await listMail(options.dataDir)).find((m) => m.id === parts[1]);
        if (!mail) return page(res, 'Not found', '<p>This mail does not exist (any more).</p>');
        if (parts[2] === 'html') {
          res.writeHead(200, {
            'content-type': 'text/html; charset=utf-8',
            'content-security-policy': "script-src 'none'; object-src 'none'",
            'x-content-type-options': 'nosniff',
          });
          return res.end(mail.html);
        }
        return page(res, mail.subject, mailPage(mail));
      }
      return json(res, 404, { error: 'not found' });
    })().catch((error: Error) => json(res, 500, { error: error.message }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
