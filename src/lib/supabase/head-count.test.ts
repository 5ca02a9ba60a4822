import { describe, expect, it } from 'vitest';
import { totalFromContentRange } from './head-count.ts';

describe('totalFromContentRange', () => {
  it('reads the total of a counted answer, with rows or without', () => {
    expect(totalFromContentRange('0-0/12')).toBe(12);
    expect(totalFromContentRange('*/0')).toBe(0);
  });
  it('answers null for anything else', () => {
    expect(totalFromContentRange(null)).toBeNull();
    expect(totalFromContentRange('0-9/*')).toBeNull();
    expect(totalFromContentRange('0-9')).toBeNull();
  });
});
