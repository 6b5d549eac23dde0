/**
 * Tokens through the real HTTP stack, on every database kind: missing, forged, expired, of the
 * wrong type, outdated by a passwordV bump, refreshed, and those of a disabled account.
 */
import { describe, beforeAll, expect, it } from 'vitest';
import { JwtCodec } from '../../server/core/auth/jwt';
import { ADMIN_PASSWORD, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { accessWorld, claimsOf, expectRefused, withChangedSignature } from './access-world';

const kinds = await databaseKinds();

describe.each(kinds)('access tokens on %s', (kind) => {
  const w = accessWorld(kind);
  const { get, post, asAdmin, createUser, signIn, passwordVOf } = w;
  let t: TestApp;
  beforeAll(() => {
    t = w.t;
  });

  describe('tokens', () => {
    it('refuses a call without a token with 401 and code 1001', async () => {
      for (const res of [await get('/admin/base/comm/person'), await post('/admin/base/sys/user/page', {})]) {
        expectRefused(res, 401);
      }
    });

    it('accepts the access token raw and with the Bearer prefix', async () => {
      const raw = await get('/admin/base/comm/person', t.adminToken);
      expect(raw.status).toBe(200);
      expect(raw.body.data.username).toBe('admin');
      const bearer = await get('/admin/base/comm/person', `Bearer ${t.adminToken}`);
      expect(bearer.status).toBe(200);
      expect(bearer.body.data.username).toBe('admin');
    });

    it('refuses a token whose signature was changed, whose claims were changed, or signed with another secret', async () => {
      const forged = withChangedSignature(t.adminToken);
      expect(forged).not.toBe(t.adminToken);
      expectRefused(await get('/admin/base/comm/person', forged), 401);
      expectRefused(await get('/admin/base/comm/person', `Bearer ${forged}`), 401);

      const [h, , s] = t.adminToken.split('.');
      const otherClaims = { ...claimsOf(t.adminToken), uid: 999 };
      const tampered = `${h}.${Buffer.from(JSON.stringify(otherClaims)).toString('base64url')}.${s}`;
      expectRefused(await get('/admin/base/comm/person', tampered), 401);

      const { uid, pv } = claimsOf(t.adminToken);
      const foreign = new JwtCodec('some-other-secret').sign({ uid, pv, typ: 'access', sid: 'test-session' }, 3600).token;
      expectRefused(await get('/admin/base/comm/person', foreign), 401);

      // The original token is still good: only the changes were refused.
      expect((await get('/admin/base/comm/person', t.adminToken)).status).toBe(200);
    });

    it('refuses an expired access token', async () => {
      const codec = new JwtCodec(process.env.JWT_SECRET!);
      const { uid, pv } = claimsOf(t.adminToken);
      const expired = codec.sign({ uid, pv, typ: 'access', sid: 'test-session' }, 60, Date.now() - 3600_000).token;
      expectRefused(await get('/admin/base/comm/person', expired), 401);
      // The same claims, signed now, are accepted: the expiry is what was refused.
      const fresh = codec.sign({ uid, pv, typ: 'access', sid: 'test-session' }, 60).token;
      expect((await get('/admin/base/comm/person', fresh)).status).toBe(200);
    });

    it('refuses a refresh token used as an access token', async () => {
      const pair = await signIn('admin', ADMIN_PASSWORD);
      expectRefused(await get('/admin/base/comm/person', pair.refreshToken), 401);
      expectRefused(await get('/admin/base/comm/person', `Bearer ${pair.refreshToken}`), 401);
      expectRefused(await post('/admin/base/sys/user/page', {}, pair.refreshToken), 401);
    });

    it('refuses an access token used as a refresh token, and a missing or expired refresh token', async () => {
      const pair = await signIn('admin', ADMIN_PASSWORD);
      expectRefused(await get(`/admin/base/open/refreshToken?refreshToken=${encodeURIComponent(pair.token)}`), 401);
      expectRefused(await get('/admin/base/open/refreshToken'), 401);
      const { uid, pv } = claimsOf(pair.token);
      const expired = new JwtCodec(process.env.JWT_SECRET!).sign({ uid, pv, typ: 'refresh', sid: 'test-session' }, 60, Date.now() - 3600_000).token;
      expectRefused(await get(`/admin/base/open/refreshToken?refreshToken=${encodeURIComponent(expired)}`), 401);
    });

    it('refreshes a pair: the new access token is accepted by comm/person', async () => {
      const u = await createUser();
      const pair = await signIn(u.username, u.password);
      const res = await get(`/admin/base/open/refreshToken?refreshToken=${encodeURIComponent(pair.refreshToken)}`);
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(1000);
      const { token, refreshToken, expire, refreshExpire } = res.body.data;
      expect(typeof token).toBe('string');
      expect(token).not.toBe(pair.token);
      expect(typeof refreshToken).toBe('string');
      expect(expire).toBeGreaterThan(0);
      expect(refreshExpire).toBeGreaterThan(expire);
      expect(claimsOf(token)).toMatchObject({ uid: u.id, typ: 'access', sid: claimsOf(pair.token).sid });
      const person = await get('/admin/base/comm/person', `Bearer ${token}`);
      expect(person.status).toBe(200);
      expect(person.body.data).toMatchObject({ id: u.id, username: u.username });
      // The new refresh token refreshes in turn.
      const again = await get(`/admin/base/open/refreshToken?refreshToken=${encodeURIComponent(refreshToken)}`);
      expect(again.status).toBe(200);
    });

    it('rejects the old access and refresh tokens after a passwordV bump; a new login works', async () => {
      const u = await createUser();
      const old = await signIn(u.username, u.password);
      expect((await get('/admin/base/comm/person', old.token)).status).toBe(200);
      const before = await passwordVOf(u.id);

      await t.core.db.run(`UPDATE base_sys_user SET passwordV = passwordV + 1 WHERE id = ?`, [u.id]);
      await t.core.auth.invalidate();
      expect(await passwordVOf(u.id)).toBe(before + 1);

      expectRefused(await get('/admin/base/comm/person', old.token), 401);
      expectRefused(await get(`/admin/base/open/refreshToken?refreshToken=${encodeURIComponent(old.refreshToken)}`), 401);

      const fresh = await signIn(u.username, u.password);
      expect(claimsOf(fresh.token).pv).toBe(before + 1);
      const person = await get('/admin/base/comm/person', fresh.token);
      expect(person.status).toBe(200);
      expect(person.body.data.username).toBe(u.username);
      const refreshed = await get(`/admin/base/open/refreshToken?refreshToken=${encodeURIComponent(fresh.refreshToken)}`);
      expect(refreshed.status).toBe(200);
      // The admin's tokens are untouched by another user's bump.
      expect((await get('/admin/base/comm/person', t.adminToken)).status).toBe(200);
    });

    it('refuses a disabled user: the old token gets 401 and a new sign-in is refused', async () => {
      const u = await createUser();
      const pair = await signIn(u.username, u.password);
      expect((await get('/admin/base/comm/person', pair.token)).status).toBe(200);

      const upd = await asAdmin.post('/admin/base/sys/user/update', { id: u.id, status: 0 });
      expect(upd.body.code, JSON.stringify(upd.body)).toBe(1000);

      expectRefused(await get('/admin/base/comm/person', pair.token), 401);
      expectRefused(await get(`/admin/base/open/refreshToken?refreshToken=${encodeURIComponent(pair.refreshToken)}`), 401);
      const login = await post('/admin/base/open/login', { username: u.username, password: u.password });
      expect(login.status).toBeGreaterThanOrEqual(400);
      expect(login.status).toBeLessThan(500);
      expect(login.body.code).toBe(1001);
      expect(login.body.data?.token).toBeUndefined();
      expect(login.text).not.toMatch(/refreshToken/);

      // Enabled again, the same password signs in.
      await asAdmin.post('/admin/base/sys/user/update', { id: u.id, status: 1 });
      expect((await post('/admin/base/open/login', { username: u.username, password: u.password })).status).toBe(200);
    });
  });
});
