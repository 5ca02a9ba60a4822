import { describe, expect, it } from 'vitest';
import { type ConsentRecord, exportFileName, toCsv, toJson } from './export.ts';

const row: ConsentRecord = {
  id: '7b0c0000-0000-4000-8000-000000000001',
  email: 'ilse@example.org',
  status: 'subscribed',
  event: 'sign_up',
  created_at: '2026-11-23T10:00:00Z',
  language: 'nl',
  source: 'footer',
  page_url: 'https://example.org/?a=1,b=2',
  consent_text: 'Ja, ik wil "de" nieuwsbrief.\nZie privacybeleid.',
  consent_version: '2026-11',
  consent_hash: 'abc',
  privacy_version: '2026-11',
  ip: '192.0.2.1',
  user_agent: '=HYPERLINK("http://evil")',
  detail: { first_name: 'Ilse' },
};

describe('consent export', () => {
  it('writes RFC 4180 CSV: quotes, doubled quotes, line breaks kept inside cells', () => {
    const csv = toCsv([row]);
    const [header, ...rest] = csv.split('\r\n');
    expect(header).toBe(
      'id,email,status,event,created_at,language,source,page_url,consent_text,consent_version,consent_hash,privacy_version,ip,user_agent,detail',
    );
    const body = rest.join('\r\n');
    expect(body).toContain('"https://example.org/?a=1,b=2"');
    expect(body).toContain('"Ja, ik wil ""de"" nieuwsbrief.\nZie privacybeleid."');
    expect(body).toContain('"{""first_name"":""Ilse""}"');
  });

  it('neutralizes cells a spreadsheet would run as a formula', () => {
    expect(toCsv([row])).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });

  it('JSON keeps every record and says for whom and when', () => {
    const parsed = JSON.parse(toJson([row], 'ilse@example.org', new Date('2026-11-23T12:00:00Z')));
    expect(parsed).toEqual({
      exported_at: '2026-11-23T12:00:00.000Z',
      email: 'ilse@example.org',
      records: [row],
    });
  });

  it('names files after the address and the day', () => {
    expect(exportFileName('Ilse@Example.org', 'csv', new Date('2026-11-23T12:00:00Z'))).toBe(
      'consent-ilse_example.org-2026-11-23.csv',
    );
    expect(exportFileName(null, 'json', new Date('2026-11-23T12:00:00Z'))).toBe(
      'consent-all-2026-11-23.json',
    );
  });
});
