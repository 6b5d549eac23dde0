/**
 * The workflow engine's signature, version 2 (issue 35): an HMAC-SHA256 over "<t>.<METHOD>.<path>.<body>",
 * checked against the header's `v2` values within five minutes; a header with only `v1` values is
 * told apart so the caller can say that v2 is required. No network, no clock (times are passed in).
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWorkflowRequest, verifyWorkflowSignature, type SignedRequest } from '../../server/adapters/workflow.adapter';

const SECRET = 'shared-secret';
const AT = 1_800_000_000;
const NOW = AT * 1000;
const REQ: SignedRequest = {
  method: 'POST',
  path: '/admin/base/message/receiveWorkflowResult/6f1c2b8e-0000-4000-8000-000000000001',
  body: '{"output":"done"}',
};
const hex = (text: string, secret = SECRET) => createHmac('sha256', secret).update(text).digest('hex');

describe('the workflow signature v2', () => {
  it('is the documented HMAC over the time, the method, the path and the body, and verifies', () => {
    const header = signWorkflowRequest(SECRET, REQ, AT);
    expect(header).toBe(`t=${AT},v2=${hex(`${AT}.POST.${REQ.path}.${REQ.body}`)}`);
    expect(verifyWorkflowSignature(SECRET, header, REQ, NOW)).toBe('valid');
    expect(verifyWorkflowSignature(SECRET, header, { ...REQ, body: Buffer.from(REQ.body) }, NOW)).toBe('valid');
    expect(verifyWorkflowSignature(SECRET, header.toUpperCase().replace('T=', 't=').replace('V2=', 'v2='), REQ, NOW)).toBe('valid');
  });

  it('holds for that request only: another method, path, body or secret is invalid', () => {
    const header = signWorkflowRequest(SECRET, REQ, AT);
    expect(verifyWorkflowSignature(SECRET, header, { ...REQ, method: 'PUT' }, NOW)).toBe('invalid');
    expect(verifyWorkflowSignature(SECRET, header, { ...REQ, path: REQ.path.replace('Result', 'Error') }, NOW)).toBe('invalid');
    expect(verifyWorkflowSignature(SECRET, header, { ...REQ, path: REQ.path.replace(/1$/, '2') }, NOW)).toBe('invalid');
    expect(verifyWorkflowSignature(SECRET, header, { ...REQ, body: '{"output":"done" }' }, NOW)).toBe('invalid');
    expect(verifyWorkflowSignature('another-secret', header, REQ, NOW)).toBe('invalid');
    expect(verifyWorkflowSignature('', header, REQ, NOW)).toBe('invalid');
  });

  it('accepts a time up to five minutes off either way, and no further', () => {
    for (const skew of [-300, 300]) expect(verifyWorkflowSignature(SECRET, signWorkflowRequest(SECRET, REQ, AT + skew), REQ, NOW)).toBe('valid');
    for (const skew of [-301, 301]) expect(verifyWorkflowSignature(SECRET, signWorkflowRequest(SECRET, REQ, AT + skew), REQ, NOW)).toBe('invalid');
    const mac = signWorkflowRequest(SECRET, REQ, AT).split(',')[1];
    expect(verifyWorkflowSignature(SECRET, mac, REQ, NOW)).toBe('invalid');
  });

  it('accepts any one good v2 value among several, as while a secret is rotated', () => {
    const good = signWorkflowRequest(SECRET, REQ, AT).split(',')[1];
    const old = signWorkflowRequest('old-secret', REQ, AT).split(',')[1];
    expect(verifyWorkflowSignature(SECRET, `t=${AT},${old},${good}`, REQ, NOW)).toBe('valid');
    expect(verifyWorkflowSignature(SECRET, `t=${AT},${good},${old}`, REQ, NOW)).toBe('valid');
    expect(verifyWorkflowSignature(SECRET, `t=${AT},${old}`, REQ, NOW)).toBe('invalid');
  });

  it('tells a header with only v1 values apart, and never lets a v1 value stand for v2', () => {
    const v1 = `v1=${hex(`${AT}.${REQ.body}`)}`;
    expect(verifyWorkflowSignature(SECRET, `t=${AT},${v1}`, REQ, NOW)).toBe('v1');
    expect(verifyWorkflowSignature(SECRET, `t=${AT},${v1},v2=${'0'.repeat(64)}`, REQ, NOW)).toBe('invalid');
    expect(verifyWorkflowSignature(SECRET, `t=${AT},${v1},${signWorkflowRequest(SECRET, REQ, AT).split(',')[1]}`, REQ, NOW)).toBe('valid');
  });

  it('refuses absent, malformed and oversized headers', () => {
    const good = signWorkflowRequest(SECRET, REQ, AT);
    for (const header of [undefined, '', 'garbage', `t=${AT}`, `t=${AT},v2=abc`, `t=soon,${good.split(',')[1]}`, `${good},x=${'a'.repeat(1000)}`]) {
      expect(verifyWorkflowSignature(SECRET, header, REQ, NOW), String(header).slice(0, 40)).toBe('invalid');
    }
  });
});
