/**
 * Which base URLs a member's own provider key may name (server/modules/ai/models/member-url.ts): no
 * loopback, private, link-local, shared or reserved address, written as an address or a local name,
 * unless the administrator allows local addresses; http(s) only. No network: names are not looked up.
 */
import { describe, expect, it } from 'vitest';
import { isBlockedAddress, memberUrlRefusal } from '../../server/modules/ai/models/member-url';

describe("a member's base URL", () => {
  it('refuses addresses of the local machine and private networks, IPv4 and IPv6 alike', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
    ]) {
      expect(isBlockedAddress(a), a).toBe(true);
    }
    for (const a of ['8.8.8.8', '104.18.6.192', '2606:4700::6810:6c0']) expect(isBlockedAddress(a), a).toBe(false);
  });

  it('refuses local URLs unless local addresses are allowed, and anything but http(s) always', async () => {
    for (const url of ['http://127.0.0.1:11434/v1', 'http://[::1]/v1', 'http://localhost:8000/v1', 'http://ollama.local/v1', 'http://169.254.169.254/latest']) {
      expect((await memberUrlRefusal(url, false))?.reason, url).toMatch(/local/);
      expect(await memberUrlRefusal(url, true), url).toBeNull();
    }
    expect(await memberUrlRefusal('https://8.8.8.8/v1', false)).toBeNull();
    expect((await memberUrlRefusal('ftp://8.8.8.8/', true))?.reason).toMatch(/http/);
    expect((await memberUrlRefusal('not a url', true))?.reason).toMatch(/not a URL/);
  });
});
