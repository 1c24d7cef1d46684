// @vitest-environment happy-dom
/** Idle logout after 30 minutes without input (docs/product.md section 8) and the token-refresh schedule. */
import { cleanup, renderHook } from '@testing-library/react';
import { refreshAccessToken, tokenExpiry } from '@web/auth/token-refresh.ts';
import { IDLE_TIMEOUT_MS, useIdle } from '@web/layout/use-idle-logout.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from './support/fake-api.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('idle logout', () => {
  it('fires once after 30 minutes without input, input restarting the wait', () => {
    vi.useFakeTimers();
    const onIdle = vi.fn();
    renderHook(() => useIdle(onIdle));
    expect(IDLE_TIMEOUT_MS).toBe(30 * 60 * 1000);

    vi.advanceTimersByTime(29 * 60 * 1000);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    vi.advanceTimersByTime(29 * 60 * 1000);
    expect(onIdle).not.toHaveBeenCalled();

    vi.advanceTimersByTime(60 * 1000 + 15_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });
});

const jwt = (payload: object) =>
  [
    'e30',
    btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_'),
    'sig',
  ].join('.');

describe('token refresh', () => {
  it('reads the expiry of a JWT, and nothing from other tokens', () => {
    expect(tokenExpiry(jwt({ exp: 2_000_000_000 }))).toBe(2_000_000_000_000);
    expect(tokenExpiry('opaque-token')).toBeNull();
    expect(tokenExpiry(null)).toBeNull();
  });

  it('renews the access token with the refresh grant', async () => {
    localStorage.setItem('access_token', jwt({ exp: 1 }));
    localStorage.setItem('refresh_token', 'refresh-1');
    const api = fakeApi({
      'GET /auth/oauth/token': () => ({
        body: { code: 0, msg: '', access_token: 'access-2', refresh_token: 'refresh-2', expires_in: 3600 },
      }),
    });
    await expect(refreshAccessToken()).resolves.toBe(true);
    const [call] = api.to('/auth/oauth/token');
    expect(call?.query.get('grant_type')).toBe('refresh_token');
    expect(call?.query.get('refresh_token')).toBe('refresh-1');
    expect(call?.headers.authorization).toBe(`Basic ${btoa('console:console')}`);
    expect(localStorage.getItem('access_token')).toBe('access-2');
    expect(localStorage.getItem('refresh_token')).toBe('refresh-2');
  });

  it('changes nothing when the refresh is refused', async () => {
    localStorage.setItem('access_token', 'access-1');
    localStorage.setItem('refresh_token', 'refresh-1');
    fakeApi({ 'GET /auth/oauth/token': () => ({ status: 400, body: { code: 1, msg: 'expired' } }) });
    await expect(refreshAccessToken()).resolves.toBe(false);
    expect(localStorage.getItem('access_token')).toBe('access-1');
  });
});
