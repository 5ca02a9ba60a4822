/** What a mail says, already translated by the caller. */
export type MailContent = {
  lang: 'nl' | 'en' | 'de';
  /** Hidden preview line most clients show after the subject. */
  preheader: string;
  heading: string;
  paragraphs: string[];
  /** A list after the paragraphs (a digest's entries), each linking to its place when it has one. */
  items?: Array<{ text: string; url: string | null }>;
  /** The one button (and its link repeated as text for clients that hide buttons). */
  action?: { label: string; url: string };
  /** Small print: why they got it, how to stop it. Links given as `{ label, url }`. */
  footer: Array<string | { label: string; url: string }>;
};

const esc = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The one mail layout: a single column (phones), system fonts, table-free markup that current
 * clients render, colours that stay readable when a client inverts them in dark mode, and a
 * plain-text twin with every link written out.
 */
export function renderMail(content: MailContent): { html: string; text: string } {
  const paragraphs = content.paragraphs.map((p) => `<p style="margin:0 0 16px">${esc(p)}</p>`).join('');
  const items = content.items?.length
    ? `<ul style="margin:0 0 16px;padding-left:20px">${content.items
        .map((i) =>
          i.url
            ? `<li style="margin:0 0 8px"><a href="${esc(i.url)}" style="color:#6d28d9">${esc(i.text)}</a></li>`
            : `<li style="margin:0 0 8px">${esc(i.text)}</li>`,
        )
        .join('')}</ul>`
    : '';
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${esc(content.action.url)}" style="display:inline-block;background:#7c3aed;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${esc(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;word-break:break-all"><a href="${esc(content.action.url)}" style="color:#6d28d9">${esc(content.action.url)}</a></p>`
    : '';
  const footer = content.footer
    .map((f) =>
      typeof f === 'string'
        ? `<p style="margin:0 0 8px">${esc(f)}</p>`
        : `<p style="margin:0 0 8px"><a href="${esc(f.url)}" style="color:#6d28d9">${esc(f.label)}</a></p>`,
    )
    .join('');
  const html =
    `<!doctype html><html lang="${content.lang}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    '<meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">' +
    `<title>${esc(content.heading)}</title>` +
    '<style>@media (prefers-color-scheme: dark){.card{background:#1f1b24!important;color:#f4f1f8!important}' +
    '.page{background:#121014!important}a{color:#c4b5fd!important}.btn{color:#ffffff!important}}</style></head>' +
    '<body class="page" style="margin:0;padding:0;background:#f5f3f7">' +
    `<div style="display:none;max-height:0;overflow:hidden">${esc(content.preheader)}</div>` +
    '<div class="page" style="padding:24px 12px;background:#f5f3f7">' +
    '<div class="card" style="max-width:560px;margin:0 auto;background:#ffffff;color:#1f1b24;border-radius:12px;padding:28px 24px;font:16px/1.55 -apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif">' +
    '<p style="margin:0 0 20px;font-size:13px;letter-spacing:.08em;text-transform:uppercase;color:#6d28d9">Inner Circle</p>' +
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${esc(content.heading)}</h1>` +
    paragraphs +
    items +
    action.replace('style="display:inline-block', 'class="btn" style="display:inline-block') +
    `<div style="margin-top:28px;border-top:1px solid #e5e0ea;padding-top:16px;font-size:13px;color:#5b5363">${footer}</div>` +
    '</div></div></body></html>';
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.items?.length
      ? [...content.items.map((i) => (i.url ? `- ${i.text}: ${i.url}` : `- ${i.text}`)), '']
      : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    '--',
    ...content.footer.map((f) => (typeof f === 'string' ? f : `${f.label}: ${f.url}`)),
    '',
  ].join('\n');
  return { html, text };
}
