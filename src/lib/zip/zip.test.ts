import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crc32, createZip } from './zip.ts';

const text = (s: string) => new TextEncoder().encode(s);

describe('crc32', () => {
  it('matches the standard check value', () => {
    expect(crc32(text('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array())).toBe(0);
  });
});

describe('createZip', () => {
  it('writes an archive Info-ZIP tests clean and extracts byte for byte', () => {
    const dir = mkdtempSync(join(tmpdir(), 'zip-test-'));
    try {
      const image = new Uint8Array(70_000).map((_, i) => (i * 31) % 256);
      const zip = createZip([
        { name: 'data.json', data: text('{"version":1,"naam":"Müller ✓"}') },
        { name: 'images/user-avatars/a b/avatar.png', data: image },
        { name: 'empty.txt', data: new Uint8Array() },
      ]);
      writeFileSync(join(dir, 'x.zip'), zip);
      const test = execFileSync('unzip', ['-t', join(dir, 'x.zip')], { encoding: 'utf8' });
      expect(test).toContain('No errors detected');
      execFileSync('unzip', ['-q', join(dir, 'x.zip'), '-d', join(dir, 'out')]);
      expect(readFileSync(join(dir, 'out', 'data.json'), 'utf8')).toBe('{"version":1,"naam":"Müller ✓"}');
      expect(new Uint8Array(readFileSync(join(dir, 'out', 'images/user-avatars/a b/avatar.png')))).toEqual(
        image,
      );
      expect(readFileSync(join(dir, 'out', 'empty.txt')).length).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps the order and the date of its entries in the central directory', () => {
    const when = new Date(Date.UTC(2026, 10, 24, 13, 45, 30));
    const zip = createZip([
      { name: 'a.txt', data: text('a'), modified: when },
      { name: 'b.txt', data: text('bb'), modified: when },
    ]);
    const view = new DataView(zip.buffer);
    const endAt = zip.length - 22;
    expect(view.getUint32(endAt, true)).toBe(0x06054b50);
    expect(view.getUint16(endAt + 10, true)).toBe(2);
    const centralAt = view.getUint32(endAt + 16, true);
    expect(view.getUint32(centralAt, true)).toBe(0x02014b50);
    expect(new TextDecoder().decode(zip.slice(centralAt + 46, centralAt + 51))).toBe('a.txt');
    // 13:45:30 -> 13 << 11 | 45 << 5 | 15; 2026-11-24 -> 46 << 9 | 11 << 5 | 24
    expect(view.getUint16(centralAt + 12, true)).toBe((13 << 11) | (45 << 5) | 15);
    expect(view.getUint16(centralAt + 14, true)).toBe((46 << 9) | (11 << 5) | 24);
  });
});
