/**
 * acceptQueue (core/ops/lifecycle.ts): the connections the system has completed on a listener that
 * the server has not accepted yet. The drain closes its listener only once there are none, since
 * closing a listener resets them (with a request a proxy may have sent on one already). Linux only.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { acceptQueue } from '../../server/core/ops/lifecycle';

describe.skipIf(!existsSync('/proc/net/tcp'))('the accept queue of a listener', () => {
  it('counts connections waiting while the event loop is busy, and none once a turn has accepted them', async () => {
    const accepted: Socket[] = [];
    const server = createServer((s) => accepted.push(s));
    await new Promise<void>((resolve) => server.listen(0, resolve));
    const port = (server.address() as AddressInfo).port;
    expect(acceptQueue(port)).toBe(0);
    // Another process opens three connections while this one's event loop cannot accept them.
    const child = spawn(process.execPath, ['-e', `const n=require('net');for(let i=0;i<3;i++)n.connect(${port},'127.0.0.1');setTimeout(()=>{},30000)`]);
    // The system completes them without this process: wait for them busily (no turn of the loop).
    for (let until = Date.now() + 20_000; acceptQueue(port)! < 3 && Date.now() < until;) {
      const t = Date.now();
      while (Date.now() - t < 20);
    }
    expect(acceptQueue(port)).toBe(3);
    await new Promise<void>((resolve) => setImmediate(resolve));
    await expect.poll(() => accepted.length).toBe(3);
    expect(acceptQueue(port)).toBe(0);
    child.kill();
    for (const s of accepted) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
