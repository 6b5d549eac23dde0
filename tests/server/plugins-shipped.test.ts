/**
 * The two shipped plugins through the real API, on every database kind, as an administrator meets
 * them: pick the shipped package (step 1 shows its checksum and manifest), confirm the install,
 * configure it in the schema's terms (the secret never comes back), enable it, and see it work:
 * - s3-storage: members' uploads go to a local fake S3 that checks every request's Signature V4; a
 *   wrong secret makes `enable` refuse; a private file is refused to anonymous readers (the bucket is
 *   public-read under app/base/ only) and fetched through the presigned url space/info/fileUrl
 *   answers; disabled, uploads land on the local disk again.
 * - webhook: a chosen event (a member registered by the administrator) reaches a local receiver
 *   signed with the configured secret, after one retry when the receiver first answers 500, and
 *   each attempt is a row of the plugin log.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { startFakeS3, type FakeS3 } from '../helpers/fake-s3';
import { WebhookReceiver } from '../helpers/webhook-receiver';

const kinds = await databaseKinds();
const KEY_ID = 'AKIATESTPLUGINS0001';
const SECRET = 'test-secret-key-for-the-fake-s3-0001';

function multipartFile(name: string, content: string): { body: Buffer; type: string } {
  const boundary = `----cosmac${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

describe.each(kinds)('shipped plugins on %s', (kind) => {
  let t: TestApp;
  let s3: FakeS3;
  let receiver: WebhookReceiver;
  let member: string;
  const hookSecret = `whsec-${randomBytes(12).toString('hex')}`;

  const admin = (path: string, body: unknown = {}) =>
    t
      .http()
      .post(path)
      .set('Authorization', t.adminToken)
      .send(body as object);
  const getAdmin = (path: string) => t.http().get(path).set('Authorization', t.adminToken);
  const upload = (name: string, content: string) => {
    const { body, type } = multipartFile(name, content);
    return t.http().post('/admin/base/comm/upload').set('Authorization', member).set('Content-Type', type).send(body);
  };
  /** Step 1 and step 2 of an install of a shipped plugin; answers the plugin row. */
  const installShipped = async (keyName: string) => {
    const step1 = await admin('/admin/plugin/info/upload', { shipped: keyName });
    expect(step1.body.code).toBe(1000);
    expect(step1.body.data.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(step1.body.data.manifest).toMatchObject({ keyName });
    // Nothing is installed before the confirmation.
    const before = await admin('/admin/plugin/info/list', {});
    expect(before.body.data.some((p: { keyName: string }) => p.keyName === keyName)).toBe(false);
    const step2 = await admin('/admin/plugin/info/install', { uploadId: step1.body.data.uploadId });
    expect(step2.body.code).toBe(1000);
    expect(step2.body.data).toMatchObject({ keyName, status: 0, sha256: step1.body.data.sha256 });
    return step2.body.data as { id: number };
  };

  beforeAll(async () => {
    s3 = await startFakeS3({ accessKeyId: KEY_ID, secretAccessKey: SECRET, buckets: [{ name: 'cosmac', publicRead: { prefix: 'app/base/' } }] });
    receiver = await new WebhookReceiver(hookSecret).start();
    t = await startApp(kind, { env: { ...process.env, PLUGIN_SYNC_SECONDS: '1' } });
    const add = await admin('/admin/base/sys/user/add', { username: 'pluginmember', password: 'Member-Pass-1', nickName: 'Plugin member', roleIdList: [] });
    expect(add.body.code).toBe(1000);
    member = await t.login('pluginmember', 'Member-Pass-1');
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    await receiver?.close();
  });

  it('lists both shipped plugins to the administrator', async () => {
    const res = await getAdmin('/admin/plugin/info/shipped');
    expect(res.body.code).toBe(1000);
    const keys = res.body.data.map((p: { keyName: string }) => p.keyName);
    expect(keys).toEqual(expect.arrayContaining(['s3-storage', 'webhook']));
  });

  it("s3-storage: installed, configured and enabled, members' uploads go to S3; disabled, to the local disk again", async () => {
    const { id } = await installShipped('s3-storage');
    const config = { endpoint: s3.url, bucket: 'cosmac', region: 'us-east-1', accessKeyId: KEY_ID, secretAccessKey: 'not-the-secret-at-all-000' };
    expect((await admin('/admin/plugin/info/update', { id, config })).body.code).toBe(1000);
    // The secret is stored, never returned: the answer only says that it is set.
    const info = await getAdmin(`/admin/plugin/info/info?id=${id}`);
    expect(info.body.data.config.secretAccessKey).toBeUndefined();
    expect(info.body.data.config.accessKeyId).toBe(KEY_ID);
    expect(info.body.data.secretsSet).toContain('secretAccessKey');
    expect(JSON.stringify(info.body)).not.toContain('not-the-secret-at-all-000');

    // A wrong secret: the fake refuses the signature, so enable refuses and the plugin stays off.
    const refused = await admin('/admin/plugin/info/update', { id, status: 1 });
    expect(refused.body.code).toBe(1001);
    expect(refused.body.message).toMatch(/secret|key|denied|signature/i);
    expect((await getAdmin(`/admin/plugin/info/info?id=${id}`)).body.data.status).toBe(0);

    // The right secret; an update without the secret keeps the stored one.
    expect((await admin('/admin/plugin/info/update', { id, config: { ...config, secretAccessKey: SECRET } })).body.code).toBe(1000);
    expect((await admin('/admin/plugin/info/update', { id, config: { ...config, secretAccessKey: '' } })).body.code).toBe(1000);
    const enabled = await admin('/admin/plugin/info/update', { id, status: 1 });
    expect(enabled.body).toMatchObject({ code: 1000 });

    expect((await t.http().get('/admin/base/comm/uploadMode').set('Authorization', member)).body.data).toMatchObject({ mode: 's3' });
    const up = await upload('remote.txt', 'stored in the bucket');
    expect(up.body.code).toBe(1000);
    const remote = (Array.isArray(up.body.data) ? up.body.data[0] : up.body.data) as { url: string; key?: string };
    expect(remote.url.startsWith(`${s3.url}/cosmac/`)).toBe(true);
    const objects = [...s3.objects('cosmac').values()];
    expect(objects.map((o) => o.body.toString())).toContain('stored in the bucket');
    // The url the member got opens the object.
    expect(await (await fetch(remote.url)).text()).toBe('stored in the bucket');

    // A private file: no anonymous read, a presigned url for its uploader.
    const priv = await t
      .http()
      .post('/admin/base/comm/upload')
      .set('Authorization', member)
      .field('private', '1')
      .attach('files', Buffer.from('private in the bucket'), { filename: 'secret.txt', contentType: 'text/plain' });
    expect(priv.body.code).toBe(1000);
    const privRow = priv.body.data[0] as { id: number; key: string; url: string };
    expect(privRow.url).toBe(`private:${privRow.key}`);
    expect((await fetch(`${s3.url}/cosmac/${privRow.key}`)).status).toBe(403);
    const signed = await t.http().get('/admin/space/info/fileUrl').query({ id: privRow.id }).set('Authorization', member);
    expect(signed.body.code).toBe(1000);
    expect(signed.body.data.url.startsWith(`${s3.url}/cosmac/app/private/`)).toBe(true);
    expect(await (await fetch(signed.body.data.url)).text()).toBe('private in the bucket');

    expect((await admin('/admin/plugin/info/update', { id, status: 0 })).body.code).toBe(1000);
    expect((await t.http().get('/admin/base/comm/uploadMode').set('Authorization', member)).body.data).toMatchObject({ mode: 'local' });
    const local = await upload('local.txt', 'stored on the disk');
    expect(local.body.code).toBe(1000);
    const localFile = (Array.isArray(local.body.data) ? local.body.data[0] : local.body.data) as { url: string };
    expect(localFile.url.startsWith('/upload/')).toBe(true);
    expect([...s3.objects('cosmac').values()].map((o) => o.body.toString())).not.toContain('stored on the disk');
  });

  it('webhook: a chosen event reaches the receiver signed, retried once after a 500, each attempt logged', async () => {
    const { id } = await installShipped('webhook');
    const config = { url: receiver.url, secret: hookSecret, events: ['user.registered'], retryBaseMs: 100, maxAttempts: 3 };
    expect((await admin('/admin/plugin/info/update', { id, config })).body.code).toBe(1000);
    expect((await admin('/admin/plugin/info/update', { id, status: 1 })).body.code).toBe(1000);

    receiver.answer(500, 200);
    const username = `hooked${randomBytes(3).toString('hex')}`;
    expect((await admin('/admin/base/sys/user/add', { username, password: 'Member-Pass-1', nickName: 'Hooked', roleIdList: [] })).body.code).toBe(1000);
    const got = await receiver.waitForRequests(2);
    expect(got.map((r) => r.answer)).toEqual([500, 200]);
    for (const r of got) {
      expect(r.signatureValid).toBe(true);
      expect(r.path).toBe('/hook');
      expect(r.headers['x-cosmac-event']).toBe('user.registered');
      expect(r.event).toMatchObject({ name: 'user.registered', data: expect.objectContaining({ username }) });
      expect(r.rawBody).not.toMatch(/password/i);
    }
    // The same event both times: one id, for the receiver to drop a duplicate.
    expect(got[0].event!.id).toBe(got[1].event!.id);

    // An event that was not chosen is not sent.
    await t.http().post('/admin/base/sys/user/update').set('Authorization', t.adminToken).send({ id: 1, nickName: 'Admin again' });
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.requests.length).toBe(2);

    const log = await admin('/admin/plugin/log/page', { keyName: 'webhook', page: 1, size: 20 });
    expect(log.body.code).toBe(1000);
    const levels = log.body.data.list.map((r: { level: string }) => r.level);
    expect(levels).toEqual(expect.arrayContaining(['error', 'info']));

    // Disabled: no more deliveries.
    expect((await admin('/admin/plugin/info/update', { id, status: 0 })).body.code).toBe(1000);
    await admin('/admin/base/sys/user/add', { username: `${username}x`, password: 'Member-Pass-1', nickName: 'Quiet', roleIdList: [] });
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.requests.length).toBe(2);
  });
});
