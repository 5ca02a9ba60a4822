import { decodeEncodedVariant } from '@shopify/hydrogen-react';
import { describe, expect, it } from 'vitest';
import { encodeVariants } from './variant-encoding.ts';

describe('encodeVariants (Shopify v1 option value encoding)', () => {
  it('matches the example of hydrogen-react and decodes back with its decoder', () => {
    const input = [
      [0, 0, 0],
      [0, 1, 0],
      [0, 1, 1],
      [1, 0, 0],
      [1, 0, 1],
      [1, 1, 1],
      [2, 0, 1],
      [2, 1, 0],
    ];
    expect(encodeVariants(input)).toBe('v1_0:0:0,1:0-1,,1:0:0-1,1:1,,2:0:1,1:0,,');
    expect(decodeEncodedVariant(encodeVariants(input))).toEqual(input);
  });

  it('round-trips one option with gaps, two options, a single value and none', () => {
    for (const input of [
      [[0], [1], [3]],
      [
        [0, 1],
        [0, 3],
        [2, 0],
      ],
      [[0]],
      [],
    ]) {
      expect(decodeEncodedVariant(encodeVariants(input))).toEqual(input);
    }
  });
});
