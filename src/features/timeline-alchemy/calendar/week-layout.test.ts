import { describe, expect, it } from 'vitest';
import { placeDay } from './week-layout.ts';

describe('cards side by side in the week view', () => {
  it('a card alone takes the whole width', () => {
    expect(placeDay([{ id: 'a', minute: 600 }], 60).get('a')).toEqual({ col: 0, cols: 1 });
  });

  it('overlapping cards share the width; a card after them takes it whole again', () => {
    const placed = placeDay(
      [
        { id: 'c', minute: 630 },
        { id: 'a', minute: 600 },
        { id: 'b', minute: 600 },
        { id: 'd', minute: 660 },
        { id: 'e', minute: 780 },
      ],
      60,
    );
    expect(placed.get('a')).toEqual({ col: 0, cols: 3 });
    expect(placed.get('b')).toEqual({ col: 1, cols: 3 });
    expect(placed.get('c')).toEqual({ col: 2, cols: 3 });
    // 11:00 starts when 10:00's box ends: it reuses the first column, still in the same cluster.
    expect(placed.get('d')).toEqual({ col: 0, cols: 3 });
    expect(placed.get('e')).toEqual({ col: 0, cols: 1 });
  });

  it('boxes that only touch do not overlap', () => {
    const placed = placeDay(
      [
        { id: 'a', minute: 540 },
        { id: 'b', minute: 600 },
      ],
      60,
    );
    expect(placed.get('a')).toEqual({ col: 0, cols: 1 });
    expect(placed.get('b')).toEqual({ col: 0, cols: 1 });
  });
});
