import { describe, expect, it } from 'vitest';
import { inviteLink, isValidKey, keyFromInput, knownReason, signInPath } from '../../web/src/workspace/teams/join-key';

describe('invite links', () => {
  it('builds the /join_team link of a key on this site', () => {
    expect(inviteLink('https://cosmac.example', 'VTMu20z7l2')).toBe('https://cosmac.example/join_team?key=VTMu20z7l2');
    expect(inviteLink('https://cosmac.example/', 'a_b-c')).toBe('https://cosmac.example/join_team?key=a_b-c');
  });

  it('reads the key back from a whole link, a bare key, or text around them', () => {
    expect(keyFromInput('VTMu20z7l2')).toBe('VTMu20z7l2');
    expect(keyFromInput('  VTMu20z7l2 \n')).toBe('VTMu20z7l2');
    expect(keyFromInput('https://cosmac.example/join_team?key=VTMu20z7l2')).toBe('VTMu20z7l2');
    expect(keyFromInput('http://x/join_team?foo=1&key=abc123#top')).toBe('abc123');
    expect(keyFromInput(inviteLink('https://a.b', 'Key9'))).toBe('Key9');
  });

  it('finds no key in malformed text', () => {
    for (const bad of ['', '   ', 'bad key!', 'https://x/join_team', 'https://x/join_team?key=', 'https://x/?key=a%20b', 'k'.repeat(65)]) {
      expect(keyFromInput(bad)).toBeNull();
    }
  });

  it('accepts keys of 1..64 letters, digits, - and _', () => {
    expect(isValidKey('a')).toBe(true);
    expect(isValidKey('k'.repeat(64))).toBe(true);
    expect(isValidKey('k'.repeat(65))).toBe(false);
    expect(isValidKey('a/b')).toBe(false);
    expect(isValidKey(null)).toBe(false);
  });
});

describe('canJoin reasons', () => {
  it('knows the three codes the server gives and nothing else', () => {
    expect(knownReason('not_found')).toBe('not_found');
    expect(knownReason('deleted')).toBe('deleted');
    expect(knownReason('member')).toBe('member');
    expect(knownReason('banned')).toBeNull();
    expect(knownReason(undefined)).toBeNull();
  });

  it('sends a visitor to sign in with the way back encoded', () => {
    expect(signInPath('/join_team?key=abc')).toBe('/login?redirect=%2Fjoin_team%3Fkey%3Dabc');
  });
});
