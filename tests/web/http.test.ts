import { describe, expect, it, vi, afterEach } from 'vitest';
import { ApiError, createHttp, type LogoutReason, type MessageKind } from '../../web/src/lib/http';
import type { Lang } from '../../web/src/lib/messages';
import { memoryStorage, STORAGE_KEYS } from '../../web/src/lib/session';
import { deferred, fakeFetch, ok, type Handler } from './fake-fetch';

const NOW = 1_700_000_000_000;

function setup(handler: Handler, opts: { lang?: Lang; storage?: Record<string, string>; timeoutMs?: number } = {}) {
  const { fetch, calls } = fakeFetch(handler);
  const storage = memoryStorage(opts.storage ?? {});
  const messages: Array<[MessageKind, string]> = [];
  const logouts: LogoutReason[] = [];
  const refreshed: string[] = [];
  const http = createHttp({
    fetch,
    storage,
    lang: () => opts.lang ?? 'en',
    onMessage: (kind, text) => messages.push([kind, text]),
    onLogout: (reason) => logouts.push(reason),
    onTokens: (token) => refreshed.push(token),
    timeoutMs: opts.timeoutMs,
    now: () => NOW,
  });
  return { http, calls, storage, messages, logouts, refreshed };
}

/** Storage with an access token that has `accessLeftMs` left and a refresh token with `refreshLeftMs`. */
function tokens(accessLeftMs: number, refreshLeftMs: number, token = 'old-token'): Record<string, string> {
  return {
    [STORAGE_KEYS.token]: token,
    [STORAGE_KEYS.tokenExpire]: String(NOW + accessLeftMs),
    [STORAGE_KEYS.refreshToken]: 'refresh-1',
    [STORAGE_KEYS.refreshExpire]: String(NOW + refreshLeftMs),
    [STORAGE_KEYS.userInfo]: JSON.stringify({ id: 7, nickName: 'n' }),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('envelope', () => {
  it('code 1000 resolves data and sends the language and Authorization headers', async () => {
    const { http, calls, messages } = setup(() => ok({ list: [1] }), { lang: 'zh-tw', storage: tokens(60_000, 600_000) });
    const data = await http.request<{ list: number[] }>('POST', '/admin/base/sys/user/page', {
      body: { page: 1 },
      query: { a: 'x y', b: [1, 2], c: undefined },
    });
    expect(data).toEqual({ list: [1] });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/admin/base/sys/user/page?a=x%20y&b=1&b=2');
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.headers.language).toBe('zh-tw');
    expect(calls[0]!.headers.Authorization).toBe('old-token');
    expect(calls[0]!.headers['Content-Type']).toBe('application/json');
    expect(calls[0]!.body).toBe('{"page":1}');
    expect(messages).toEqual([]);
  });

  it('a code other than 1000 shows the message as an error and rejects with an ApiError', async () => {
    const { http, messages, logouts } = setup(() => ({ status: 200, body: { code: 1001, message: 'Nope', data: { x: 1 } } }));
    const err = await http.get('/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 1001, status: 200, message: 'Nope', data: { x: 1 } });
    expect(messages).toEqual([['error', 'Nope']]);
    expect(logouts).toEqual([]);
  });

  it('other HTTP errors show the server message', async () => {
    const { http, messages } = setup(() => ({ status: 400, body: { code: 1002, message: 'Bad field', data: [{ field: 'a' }] } }));
    await expect(http.post('/x', {})).rejects.toMatchObject({ code: 1002, status: 400, message: 'Bad field' });
    expect(messages).toEqual([['error', 'Bad field']]);
  });

  it('silent calls show nothing; successMessage is shown on success', async () => {
    const bad = setup(() => ({ status: 500, body: { code: 1003, message: 'Server fault' } }));
    await expect(bad.http.get('/x', { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(bad.messages).toEqual([]);
    const good = setup(() => ok(1));
    await good.http.post('/x', {}, { successMessage: 'Save successfully' });
    expect(good.messages).toEqual([['success', 'Save successfully']]);
  });

  it('sends FormData as-is, without a JSON content type', async () => {
    const { http, calls } = setup(() => ok({ url: 'u' }));
    const form = new FormData();
    form.append('file', 'x');
    await http.post('/admin/base/comm/upload', form);
    expect(calls[0]!.body).toBe(form);
    expect(calls[0]!.headers['Content-Type']).toBeUndefined();
  });

  it('skipAuth sends no token', async () => {
    const { http, calls } = setup(() => ok(null), { storage: tokens(60_000, 600_000) });
    await http.get('/admin/base/open/captcha', { skipAuth: true });
    expect(calls[0]!.headers.Authorization).toBeUndefined();
  });
});

describe('errors', () => {
  it('HTTP 401 logs out (once, clearing the session)', async () => {
    const { http, logouts, storage, messages } = setup(() => ({ status: 401, body: { code: 1001, message: 'Not signed in' } }), {
      storage: tokens(60_000, 600_000),
    });
    const results = await Promise.allSettled([http.get('/a'), http.get('/b')]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect((results[0] as PromiseRejectedResult).reason).toMatchObject({ status: 401 });
    expect(logouts).toEqual(['unauthorized']);
    expect(storage.dump()).toEqual({});
    expect(messages).toEqual([]);
  });

  it('times out after 30 s with the timeout message', async () => {
    vi.useFakeTimers();
    const { http, messages, calls } = setup(
      (call) =>
        new Promise((_resolve, reject) => {
          call.signal?.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    );
    const p = http.get('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(calls[0]!.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const err = await p;
    expect(err).toMatchObject({ status: 0, code: 0, message: 'Request timeout, please try again' });
    expect(messages).toEqual([['error', 'Request timeout, please try again']]);
  });

  it('a network failure shows the network message', async () => {
    const { http, messages } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(http.get('/x')).rejects.toMatchObject({ status: 0, message: 'Network error, please check your connection' });
    expect(messages).toEqual([['error', 'Network error, please check your connection']]);
  });

  it('messages follow the language', async () => {
    const { http, messages } = setup(() => Promise.reject(new TypeError('x')), { lang: 'zh-cn' });
    await expect(http.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(messages[0]![1]).toBe('网络错误，请检查您的网络连接');
  });
});

describe('token refresh queue', () => {
  it('three concurrent requests with an expired token cause one refresh and resume with the new token', async () => {
    const gate = deferred<void>();
    const { http, calls, storage, refreshed } = setup(
      async (call) => {
        if (call.url.startsWith('/api/admin/base/open/refreshToken')) {
          await gate.promise;
          return ok({ token: 'new-token', expire: 7200, refreshToken: 'refresh-2', refreshExpire: 1_296_000 });
        }
        return ok(call.url);
      },
      // 1.5 s left counts as expired (less than 2 s).
      { storage: tokens(1500, 600_000) },
    );
    const all = Promise.all([http.get('/a'), http.post('/b', {}), http.get('/c')]);
    await new Promise((r) => setTimeout(r, 10));
    // Only the refresh has gone out; the three wait.
    expect(calls.map((c) => c.url)).toEqual(['/api/admin/base/open/refreshToken?refreshToken=refresh-1']);
    expect(calls[0]!.headers.Authorization).toBeUndefined();
    gate.resolve();
    expect(await all).toEqual(['/api/a', '/api/b', '/api/c']);
    const refreshes = calls.filter((c) => c.url.includes('refreshToken'));
    expect(refreshes).toHaveLength(1);
    const rest = calls.filter((c) => !c.url.includes('refreshToken'));
    expect(rest).toHaveLength(3);
    expect(rest.every((c) => c.headers.Authorization === 'new-token')).toBe(true);
    expect(storage.getItem(STORAGE_KEYS.token)).toBe('new-token');
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
    expect(storage.getItem(STORAGE_KEYS.tokenExpire)).toBe(String(NOW + 7200 * 1000));
    expect(storage.getItem(STORAGE_KEYS.refreshExpire)).toBe(String(NOW + 1_296_000 * 1000));
    // The socket is told once, to hand the new access token to the server.
    expect(refreshed).toEqual(['new-token']);
    // The next request uses the stored token without another refresh.
    await http.get('/d');
    expect(calls.filter((c) => c.url.includes('refreshToken'))).toHaveLength(1);
    expect(calls.at(-1)!.headers.Authorization).toBe('new-token');
  });

  it('a failed refresh logs out and the waiting requests reject', async () => {
    const { http, calls, logouts, storage } = setup(
      (call) => (call.url.includes('refreshToken') ? { status: 401, body: { code: 1001, message: 'refresh token invalid' } } : ok(1)),
      { storage: tokens(0, 600_000) },
    );
    const results = await Promise.allSettled([http.get('/a'), http.get('/b'), http.get('/c')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(calls).toHaveLength(1);
    expect(logouts).toEqual(['refreshFailed']);
    expect(storage.dump()).toEqual({});
  });

  it('a refresh answered with a failure envelope logs out with refreshFailed', async () => {
    const { http, logouts } = setup(() => ({ status: 200, body: { code: 1001, message: 'no' } }), { storage: tokens(-5000, 600_000) });
    await expect(http.get('/a')).rejects.toBeInstanceOf(ApiError);
    expect(logouts).toEqual(['refreshFailed']);
  });

  it('both tokens expired: the verbatim Chinese message and logout, nothing sent', async () => {
    const { http, calls, messages, logouts, storage } = setup(() => ok(1), { lang: 'zh-cn', storage: tokens(-1000, 1999) });
    await expect(http.get('/a')).rejects.toMatchObject({ message: '登录状态已失效，请重新登录' });
    expect(messages).toEqual([['error', '登录状态已失效，请重新登录']]);
    expect(logouts).toEqual(['expired']);
    expect(calls).toEqual([]);
    expect(storage.dump()).toEqual({});
  });

  it('both tokens expired in English', async () => {
    const { http, messages } = setup(() => ok(1), { storage: tokens(-1000, -1000) });
    await expect(http.get('/a')).rejects.toBeInstanceOf(ApiError);
    expect(messages).toEqual([['error', 'Login status has expired, please log in again']]);
  });

  it('ends a session the server ended: its message, storage cleared, one logout; nothing when signed out already', async () => {
    const { http, messages, logouts, storage } = setup(() => ok(1), { lang: 'zh-tw', storage: tokens(60_000, 600_000) });
    http.end('sessionEnded');
    expect(messages).toEqual([['error', '您已登出，請重新登入']]);
    expect(logouts).toEqual(['sessionEnded']);
    expect(storage.dump()).toEqual({});
    http.end('sessionEnded');
    expect(messages).toHaveLength(1);
    expect(logouts).toHaveLength(1);
  });

  it('double quotes are stripped from the stored token', async () => {
    const { http, calls } = setup(() => ok(1), { storage: { ...tokens(60_000, 600_000), [STORAGE_KEYS.token]: '"quoted-token"' } });
    await http.get('/a');
    expect(calls[0]!.headers.Authorization).toBe('quoted-token');
    expect(http.session.getToken()).toBe('quoted-token');
  });
});
