import { describe, expect, it } from 'vitest';
import { decideRoute, EXEMPT_PATHS, isExemptPath, loginFor, safeRedirect, type RouteInput } from '../../web/src/lib/router-rules';

const admin = { id: 1, nickName: 'Admin', inviteCode: 'A', roleIds: [1] };
const member = { id: 5, nickName: 'Mem', inviteCode: 'B', roleIds: [2] };
const signedIn = { token: 'tok' };
const anon = { token: null };
const go = (i: Partial<RouteInput> & { path: string }) => decideRoute({ session: signedIn, user: member, ...i });

describe('rule 1: no token', () => {
  it('lets exempt paths through and sends the others to /login', () => {
    for (const f of EXEMPT_PATHS) expect(go({ path: f, session: anon, user: null })).toEqual({});
    expect(go({ path: '/person/alice', session: anon, user: null })).toEqual({});
    expect(go({ path: '/goods/12?x=1', session: anon, user: null })).toEqual({});
    expect(go({ path: '/work/desk/', session: anon, user: null })).toEqual({});
    expect(go({ path: '/workbench', session: anon, user: null })).toEqual({ redirect: '/login' });
    expect(go({ path: '/admin', session: anon, user: null })).toEqual({ redirect: '/login?redirect=%2Fadmin' });
    expect(go({ path: '/my/info', session: anon, user: null })).toEqual({ redirect: '/login?redirect=%2Fmy%2Finfo' });
    expect(go({ path: '/', session: anon, user: null })).toEqual({ redirect: '/login' });
    expect(go({ path: '/workbench', session: { token: undefined }, user: null })).toEqual({ redirect: '/login' });
  });

  it('matches whole leading segments, not substrings', () => {
    expect(isExemptPath('/discord')).toBe(true);
    expect(isExemptPath('/discord/')).toBe(true);
    expect(isExemptPath('/discord/invite?a=1')).toBe(true);
    expect(isExemptPath('/discordx')).toBe(false);
    expect(isExemptPath('/x/discord')).toBe(false);
    expect(isExemptPath('/testing')).toBe(false);
    expect(isExemptPath('/4040')).toBe(false);
    expect(isExemptPath('/loginx')).toBe(false);
    expect(isExemptPath('/admin/login')).toBe(true);
    expect(isExemptPath('/admin/login?redirect=/admin')).toBe(true);
    expect(isExemptPath('/admin/loginx')).toBe(false);
    expect(isExemptPath('/admin')).toBe(false);
    expect(go({ path: '/discordx', session: anon, user: null })).toEqual({ redirect: '/login?redirect=%2Fdiscordx' });
    expect(go({ path: '/admin/login', session: anon, user: null })).toEqual({});
  });
});

describe('rule 2: registration incomplete', () => {
  it('sends a user without nickName to the additional-info step', () => {
    const u = { id: 42, nickName: '', inviteCode: 'INV', roleIds: [2] };
    expect(go({ path: '/workbench', user: u })).toEqual({ redirect: '/register?isShowAdditionalInfo=1&id=42' });
    expect(go({ path: '/admin', user: { ...u, roleIds: [1] } })).toEqual({ redirect: '/register?isShowAdditionalInfo=1&id=42' });
    expect(go({ path: '/login', user: u })).toEqual({ redirect: '/register?isShowAdditionalInfo=1&id=42' });
  });

  it('adds isNeedInviteCode=1 when the user has no inviteCode', () => {
    const u = { id: 43, nickName: null, inviteCode: null, roleIds: [] };
    expect(go({ path: '/workbench', user: u })).toEqual({ redirect: '/register?isShowAdditionalInfo=1&id=43&isNeedInviteCode=1' });
  });

  it('leaves the register page itself alone, and users with a nickName', () => {
    const u = { id: 44, nickName: undefined, inviteCode: undefined };
    expect(go({ path: '/register?isShowAdditionalInfo=1&id=44', user: u })).toEqual({});
    expect(go({ path: '/workbench', user: member })).toEqual({});
  });
});

describe('rule 3: the console', () => {
  it('admits role 1', () => {
    expect(go({ path: '/admin', user: admin })).toEqual({});
    expect(go({ path: '/admin/base/sys/user', user: admin })).toEqual({});
  });

  it('sends other roles to /404', () => {
    expect(go({ path: '/admin', user: member })).toEqual({ redirect: '/404?from=console' });
    expect(go({ path: '/admin/base/sys/user', user: member })).toEqual({ redirect: '/404?from=console' });
    expect(go({ path: '/admin', user: { ...member, roleIds: undefined } })).toEqual({ redirect: '/404?from=console' });
  });

  it('admits the roles of consoleRoleIds', () => {
    expect(go({ path: '/admin/base/sys/user', user: member, consoleRoleIds: [2] })).toEqual({});
    expect(go({ path: '/admin/base/sys/user', user: member, consoleRoleIds: [3] })).toEqual({ redirect: '/404?from=console' });
  });

  it('fails closed while the user is unknown, and /adminx is not a console path', () => {
    expect(go({ path: '/admin', user: null })).toEqual({ redirect: '/404?from=console' });
    expect(go({ path: '/adminx', user: member })).toEqual({});
  });
});

describe('rule 4: signed in on a sign-in page', () => {
  it('goes to /workbench', () => {
    expect(go({ path: '/login' })).toEqual({ redirect: '/workbench' });
    expect(go({ path: '/login/?from=x' })).toEqual({ redirect: '/workbench' });
    expect(go({ path: '/admin/login', user: admin })).toEqual({ redirect: '/workbench' });
    expect(go({ path: '/admin/login', user: member })).toEqual({ redirect: '/workbench' });
    expect(go({ path: '/loginx' })).toEqual({});
  });

  it('leaves other pages alone', () => {
    expect(go({ path: '/workbench' })).toEqual({});
    expect(go({ path: '/discord' })).toEqual({});
    expect(go({ path: '/my/info' })).toEqual({});
  });
});

describe('coming back after signing in', () => {
  it('rule 1 keeps the entered path and query in the sign-in page, except for the home and the workbench', () => {
    expect(go({ path: '/join_team', search: '?key=abc%20d', session: anon, user: null })).toEqual({
      redirect: '/login?redirect=%2Fjoin_team%3Fkey%3Dabc%2520d',
    });
    expect(go({ path: '/workbench', search: '?tab=friends', session: anon, user: null })).toEqual({ redirect: '/login' });
    expect(loginFor('/')).toBe('/login');
  });

  it('rule 4 follows a safe redirect of this site only', () => {
    expect(go({ path: '/login', search: '?redirect=%2Fjoin_team%3Fkey%3Dabc' })).toEqual({ redirect: '/join_team?key=abc' });
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/login', '/admin/login?x=1', '/a b']) {
      expect(safeRedirect(bad), bad).toBeNull();
      expect(go({ path: '/login', search: `?redirect=${encodeURIComponent(bad)}` })).toEqual({ redirect: '/workbench' });
    }
    expect(safeRedirect('/person/ann?x=1#top')).toBe('/person/ann?x=1#top');
  });
});
