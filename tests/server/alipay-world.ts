/** The Alipay tests' app: started on a known port, so the addresses it gives the fake gateway (notify, return) reach it. */
import { createServer } from 'node:net';
import { startApp, type TestApp } from '../helpers/app';

/** A free port for the app, so the addresses it gives Alipay (notify, return) are known before it starts. */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as { port: number };
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/** Starts the app on a known port with `env` added to the environment. */
export async function startOnPort(kind: 'sqlite' | 'mysql', env: Record<string, string>): Promise<{ t: TestApp; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  process.env.MIDWAY_HTTP_PORT = String(port);
  const t = await startApp(kind, { env: { ...process.env, PUBLIC_URL: base, ...env } });
  return { t, base };
}
