import { describe, expect, it } from 'vitest';
import { checkImage, fitWithin, MAX_IMAGE_BYTES } from './resize.ts';

describe('checkImage', () => {
  it('accepts the common photo types under 5 MB', () => {
    expect(checkImage({ type: 'image/jpeg', size: 1000 })).toBe('ok');
    expect(checkImage({ type: 'image/webp', size: MAX_IMAGE_BYTES - 1 })).toBe('ok');
  });
  it('refuses 5 MB and more, and anything that is not a raster image (SVG can carry script)', () => {
    expect(checkImage({ type: 'image/png', size: MAX_IMAGE_BYTES })).toBe('too_large');
    expect(checkImage({ type: 'image/svg+xml', size: 10 })).toBe('wrong_type');
    expect(checkImage({ type: 'application/pdf', size: 10 })).toBe('wrong_type');
  });
});

describe('fitWithin', () => {
  it('scales the longer side down to the limit and keeps the ratio', () => {
    expect(fitWithin(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(1000, 5000, 512)).toEqual({ width: 102, height: 512 });
  });
  it('never enlarges a small picture', () => {
    expect(fitWithin(300, 200, 1600)).toEqual({ width: 300, height: 200 });
  });
});
