import { describe, expect, it } from 'vitest';
import { profileJoinFrame, REFRESH_MARGIN_S, refreshDelayMs } from './session-keeper.ts';

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

describe('profileJoinFrame', () => {
  it('joins postgres_changes on the member’s own profile row with their token', () => {
    const [joinRef, ref, topic, event, payload] = profileJoinFrame('u1', 'jwt', '3') as [
      string,
      string,
      string,
      string,
      { config: { postgres_changes: unknown[] }; access_token: string },
    ];
    expect([joinRef, ref, event]).toEqual(['3', '3', 'phx_join']);
    expect(topic).toBe('realtime:header-profile-u1');
    expect(payload.access_token).toBe('jwt');
    expect(payload.config.postgres_changes).toEqual([
      { event: '*', schema: 'public', table: 'profiles', filter: 'user_id=eq.u1' },
    ]);
  });
});
