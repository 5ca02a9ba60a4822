import { describe, expect, it } from 'vitest';
import { REFRESH_MARGIN_S, refreshDelayMs } from './session-keeper.ts';

describe('refreshDelayMs', () => {
  it('waits until 90 s before expiry', () => {
    expect(REFRESH_MARGIN_S).toBe(90);
    expect(refreshDelayMs({ expiresAt: 1000 + 3600 }, 1000 * 1000)).toBe((3600 - 90) * 1000);
  });
  it('is due now when 90 s or less remain, or the token has expired', () => {
    expect(refreshDelayMs({ expiresAt: 1090 }, 1000 * 1000)).toBe(0);
    expect(refreshDelayMs({ expiresAt: 900 }, 1000 * 1000)).toBe(0);
  });
  it('never exceeds what setTimeout can wait', () => {
    expect(refreshDelayMs({ expiresAt: 10 ** 12 }, 0)).toBe(2 ** 31 - 1);
  });
});
