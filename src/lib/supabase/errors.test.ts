import {
  AuthApiError,
  AuthRetryableFetchError,
  AuthSessionMissingError,
  AuthWeakPasswordError,
} from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { bindMessages } from '~/i18n/bind.ts';
import { messagesWithPrefix } from '~/i18n/t.ts';
import { type ErrorCode, errorText, toErrorCode } from './errors.ts';

describe('toErrorCode', () => {
  it.each([
    [new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'), 'invalid_credentials'],
    [
      new AuthWeakPasswordError('Password should be at least 6 characters.', 422, ['length']),
      'weak_password',
    ],
    [new AuthApiError('User already registered', 422, 'user_already_exists'), 'user_already_exists'],
    [
      new AuthApiError('A user with this email address has already been registered', 422, 'email_exists'),
      'user_already_exists',
    ],
    [
      new AuthApiError('Unable to validate email address: invalid format', 400, 'email_address_invalid'),
      'invalid_email',
    ],
    [new AuthApiError('Email address not authorized', 400, 'email_address_not_authorized'), 'not_authorized'],
    [
      new AuthApiError('Database error saving new user', 500, 'unexpected_failure'),
      'database_setup_required',
    ],
    [new AuthApiError('Too many requests', 429, 'over_request_rate_limit'), 'rate_limit'],
    [new AuthApiError('Email rate limit exceeded', 429, 'over_email_send_rate_limit'), 'rate_limit'],
    [new AuthRetryableFetchError('Failed to fetch', 0), 'fetch_failed'],
    [new AuthRetryableFetchError('Bad gateway', 502), 'server_error'],
    [new AuthRetryableFetchError('Gateway timeout', 504), 'timeout'],
    [new AuthSessionMissingError(), 'unauthorized'],
  ])('maps auth error %#', (error, code) => {
    expect(toErrorCode(error)).toBe(code);
  });

  it.each([
    [
      {
        code: 'PGRST116',
        message: 'JSON object requested, multiple (or no) rows returned',
        details: '',
        hint: '',
      },
      'not_found',
    ],
    [{ code: '42501', message: 'new row violates row-level security policy for table "posts"' }, 'forbidden'],
    [{ code: 'PGRST301', message: 'JWT expired' }, 'unauthorized'],
    [
      { code: '23505', message: 'duplicate key value violates unique constraint "likes_one_per_user"' },
      'conflict',
    ],
    [{ code: '57014', message: 'canceling statement due to statement timeout' }, 'timeout'],
    [{ code: 'PT429', message: 'rate_limit: too many contact messages, try again later' }, 'rate_limit'],
    [{ code: '42P01', message: 'relation "public.messages" does not exist' }, 'database_setup_required'],
    [{ code: '', message: 'TypeError: fetch failed', details: '', hint: '' }, 'fetch_failed'],
  ])('maps PostgREST error %#', (error, code) => {
    expect(toErrorCode(error)).toBe(code);
  });

  it.each([
    [
      {
        statusCode: '403',
        error: 'Unauthorized',
        message: 'new row violates row-level security policy',
        status: 403,
      },
      'forbidden',
    ],
    [{ message: 'Object not found', status: 404 }, 'not_found'],
    [{ message: 'Internal error', status: 500 }, 'server_error'],
    [{ message: 'nope', status: 401 }, 'unauthorized'],
  ])('maps storage and HTTP errors %#', (error, code) => {
    expect(toErrorCode(error)).toBe(code);
  });

  it('maps fetch and abort failures', () => {
    expect(toErrorCode(new TypeError('Failed to fetch'))).toBe('fetch_failed');
    expect(toErrorCode(new TypeError('NetworkError when attempting to fetch resource.'))).toBe(
      'network_error',
    );
    expect(toErrorCode(new DOMException('The operation was aborted.', 'AbortError'))).toBe('timeout');
    expect(toErrorCode(new Error('Request timed out'))).toBe('timeout');
  });

  it('falls back to unknown', () => {
    expect(toErrorCode(undefined)).toBe('unknown');
    expect(toErrorCode(null)).toBe('unknown');
    expect(toErrorCode(42)).toBe('unknown');
    expect(toErrorCode(new Error('Something odd'))).toBe('unknown');
    expect(toErrorCode({ code: 'XX000', message: 'internal' })).toBe('unknown');
  });
});

describe('errorText', () => {
  const t = bindMessages(messagesWithPrefix('de', 'error.'), 'de');
  const de = (code: string) => t(`error.${code}` as `error.${ErrorCode}`);

  it('says a database error in the person language, never its English text', () => {
    const rls = { code: '42501', message: 'new row violates row-level security policy for table "ideas"' };
    expect(errorText(t, rls)).toBe(de('forbidden'));
    expect(errorText(t, { code: '23505', message: 'duplicate key value', details: '', hint: '' })).toBe(
      de('conflict'),
    );
  });

  it('reads our endpoints JSON answer and fetchJson failures', () => {
    expect(errorText(t, { error: { code: 'rate_limited', message: 'Too many requests' } })).toBe(
      de('rate_limit'),
    );
    expect(errorText(t, { ok: false, status: 0, code: 'network' })).toBe(de('network_error'));
    expect(errorText(t, { ok: false, status: 503, code: 'something_new' })).toBe(de('server_error'));
  });

  it('covers auth errors, a failed fetch and anything unknown', () => {
    expect(errorText(t, { name: 'AuthApiError', code: 'invalid_credentials', status: 400 })).toBe(
      de('invalid_credentials'),
    );
    expect(errorText(t, new TypeError('Failed to fetch'))).toBe(de('fetch_failed'));
    expect(errorText(t, new Error('column "x" does not exist'))).toBe(de('unknown'));
    expect(errorText(t, 42)).toBe('Etwas ist schiefgelaufen. Bitte versuche es erneut.');
  });
});
