import { describe, expect, it } from 'vitest';
import { normalizeSocial, readSocialLinks } from './social.ts';

describe('normalizeSocial', () => {
  it('turns a handle into the platform URL', () => {
    expect(normalizeSocial('instagram', '@emma.bakker')).toEqual({
      ok: true,
      url: 'https://www.instagram.com/emma.bakker',
    });
    expect(normalizeSocial('twitter', 'noah_v')).toEqual({ ok: true, url: 'https://x.com/noah_v' });
    expect(normalizeSocial('youtube', '@LightChannel')).toEqual({
      ok: true,
      url: 'https://www.youtube.com/@LightChannel',
    });
    expect(normalizeSocial('tiktok', 'mila.dance')).toEqual({
      ok: true,
      url: 'https://www.tiktok.com/@mila.dance',
    });
    expect(normalizeSocial('linkedin', 'emma-bakker')).toEqual({
      ok: true,
      url: 'https://www.linkedin.com/in/emma-bakker',
    });
  });
  it('accepts the platform address in its usual forms and writes it one way', () => {
    expect(normalizeSocial('twitter', 'https://twitter.com/noah_v/')).toEqual({
      ok: true,
      url: 'https://x.com/noah_v',
    });
    expect(normalizeSocial('instagram', 'instagram.com/emma')).toEqual({
      ok: true,
      url: 'https://www.instagram.com/emma',
    });
    expect(normalizeSocial('facebook', 'https://m.facebook.com/profile.php?id=1000123456')).toEqual({
      ok: true,
      url: 'https://www.facebook.com/profile.php?id=1000123456',
    });
    expect(normalizeSocial('linkedin', 'https://www.linkedin.com/company/chosen-ones')).toEqual({
      ok: true,
      url: 'https://www.linkedin.com/company/chosen-ones',
    });
  });
  it('refuses other hosts, schemes and malformed handles', () => {
    expect(normalizeSocial('instagram', 'https://evil.example/emma')).toEqual({ ok: false });
    expect(normalizeSocial('instagram', 'https://instagram.com.evil.example/emma')).toEqual({ ok: false });
    expect(normalizeSocial('twitter', 'javascript:alert(1)')).toEqual({ ok: false });
    expect(normalizeSocial('twitter', 'this handle is far too long')).toEqual({ ok: false });
    expect(normalizeSocial('facebook', 'abc')).toEqual({ ok: false });
    expect(normalizeSocial('youtube', 'https://www.youtube.com/watch?v=abc')).toEqual({ ok: false });
  });
  it('treats blank as "no link"', () => {
    expect(normalizeSocial('tiktok', '   ')).toEqual({ ok: true, url: '' });
  });
});

describe('readSocialLinks', () => {
  it('keeps only the six keys with valid URLs and drops anything else', () => {
    expect(
      readSocialLinks({
        instagram: 'https://www.instagram.com/emma',
        twitter: 42,
        evil: 'https://x.com/a',
        tiktok: 'javascript:x',
      }),
    ).toEqual({ instagram: 'https://www.instagram.com/emma' });
    expect(readSocialLinks(['https://x.com/a'])).toEqual({});
    expect(readSocialLinks(null)).toEqual({});
  });
});
