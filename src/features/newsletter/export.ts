/** One row of the consent export (public.newsletter_consent_export). */
export type ConsentRecord = {
  id: string;
  email: string;
  status: string;
  event: string;
  created_at: string;
  language: string;
  source: string;
  page_url: string | null;
  consent_text: string | null;
  consent_version: string | null;
  consent_hash: string | null;
  privacy_version: string | null;
  ip: string | null;
  user_agent: string | null;
  detail: unknown;
};

const EXPORT_COLUMNS: Array<keyof ConsentRecord> = [
  'id',
  'email',
  'status',
  'event',
  'created_at',
  'language',
  'source',
  'page_url',
  'consent_text',
  'consent_version',
  'consent_hash',
  'privacy_version',
  'ip',
  'user_agent',
  'detail',
];

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  // Spreadsheet apps run cells that start with = + - @ as formulas: neutralize (OWASP CSV injection).
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV with a header row, CRLF line ends and formula-safe cells. */
export function toCsv(rows: ConsentRecord[]): string {
  const lines = [EXPORT_COLUMNS.join(',')];
  for (const row of rows) lines.push(EXPORT_COLUMNS.map((c) => cell(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Pretty JSON with when it was exported and for which address, for handing to a regulator. */
export function toJson(rows: ConsentRecord[], email: string | null, exportedAt = new Date()): string {
  return JSON.stringify({ exported_at: exportedAt.toISOString(), email, records: rows }, null, 2);
}

/** A file name that says what is in it: consent-all-2026-11-23.csv, consent-ilse_example.org-....json. */
export function exportFileName(email: string | null, ext: 'csv' | 'json', now = new Date()): string {
  const who = email ? email.toLowerCase().replace(/[^a-z0-9.-]/g, '_') : 'all';
  return `consent-${who}-${now.toISOString().slice(0, 10)}.${ext}`;
}
