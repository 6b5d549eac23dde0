/**
 * The group's knowledge (issue 41) on every database, through the real calls and a real socket: a
 * PDF sent as a file message in a group is indexed page by page (progress notices, state ready,
 * chunks placed by page); retrieveKnowledge finds the right page for an English and a Chinese
 * question, gives a member of another group nothing, and never returns a removed document (by the
 * call, or by the recall of the file message that brought it), whose search terms are gone too; Word
 * and Markdown files are indexed by paragraph; with an embeddings model in the registry (the fake
 * provider's /embeddings), vectors are stored with the chunks and a question sharing no word with a
 * chunk still finds it by its vector; two runs racing for one document index it once.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { bagOfWords, startFakeLlm, type FakeLlm } from '../helpers/fake-llm';
import { socketPool, waitNotice, notices } from '../helpers/sockets';
import { SYSTEM } from '../../server/core/entity/access';
import { group, members, post, rows, type Person } from './chat-world';
import { indexDoc, knowledgeIdle } from '../../server/modules/ai/knowledge/indexer';
import { knowledgePrompt, citationsOf, retrieveKnowledge, type Citation } from '../../server/modules/ai/knowledge/retrieve';
import { and, eq, isIn, type AuthUser, type Where } from '../../server/core/api';

const kinds = await databaseKinds();
const FIXTURES = resolve(__dirname, '../fixtures/knowledge');
const PDF = readFileSync(resolve(FIXTURES, 'brief.pdf'));
const DOCX = readFileSync(resolve(FIXTURES, 'notes.docx'));
const MARKDOWN = Buffer.from(
  '# Release checklist\n\nFreeze the main branch on Thursday.\n\nTag the release candidate.\n\n## 发布\n\n发布前需要运行冒烟测试。\n',
  'utf8',
);

const asUser = (p: Person): AuthUser => ({ id: p.id, username: p.username, roleIds: [], departmentId: null, isAdmin: false, scope: null });

describe.each(kinds)('the group knowledge on %s', (kind) => {
  let t: TestApp;
  let llm: FakeLlm;
  let a: Person, b: Person, c: Person, d: Person;
  /** a owns it, c is a deputy, b a member. */
  let g = 0;
  /** d's group, with b in it too. */
  let other = 0;
  const sockets = socketPool();
  const root = resolve(process.env.DATA_DIR!, `ai-knowledge-${kind}-${randomBytes(3).toString('hex')}`);

  const ok = (res: { body: { code: number; data: any } }) => {
    expect(res.body.code, JSON.stringify(res.body)).toBe(1000);
    return res.body.data;
  };
  const upload = async (who: Person, groupId: number | null, bytes: Buffer, filename: string): Promise<number> => {
    const r = t.http().post('/admin/base/comm/upload').set('Authorization', who.token);
    if (groupId) r.field('scope', 'group').field('scopeId', String(groupId));
    else r.field('private', '1');
    const res = await r.attach('files', bytes, { filename });
    return Number(ok(res)[0].id);
  };
  const sendFile = async (who: Person, groupId: number, fileId: number): Promise<{ id: number; seq: number }> =>
    ok(await post(t, '/admin/base/message/add', { toType: 1, toId: groupId, type: 2, content: { fileId } }, who.token));
  const list = async (who: Person, groupId: number) => ok(await post(t, '/admin/ai/knowledge/list', { groupId }, who.token));
  const docOfFile = async (groupId: number, fileId: number) => (await rows(t, 'ai/knowledgeDoc', { groupId, fileId }))[0];
  /** The document of the file once its indexing has ended. */
  const indexed = async (groupId: number, fileId: number) => {
    for (let i = 0; i < 400; i++) {
      const doc = await docOfFile(groupId, fileId);
      if (doc && !['queued', 'indexing'].includes(doc.state)) return doc;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`file ${fileId} was not indexed`);
  };
  const ask = (who: Person, groupId: number | null, question: string, conversation = groupId ? `g:${groupId}` : '') =>
    retrieveKnowledge(t.core, { groupId, conversation, asker: asUser(who), question });
  /** Rows as the system reads them, every stored field (hidden ones too when named). */
  const find = (key: string, where: Where, fields?: string[]) => t.core.ops.reads(SYSTEM).find(t.core.model.byKey.get(key)!, where, fields ? { fields } : {});
  const terms = (sourceIds: number[]) =>
    sourceIds.length ? find('base/searchTerm', and(eq('source', 'kchunk'), isIn('sourceId', sourceIds))) : Promise.resolve([]);

  beforeAll(async () => {
    llm = await startFakeLlm();
    t = await startApp(kind, { env: { ...process.env, STORAGE_ROOT: root, CHAT_SEND_LIMIT: '1000/10' } });
    [a, b, c, d] = await members(t, 4);
    g = await group(t, a, [b, c], { onwerIds: [c.id] });
    other = await group(t, d, [b]);
  });
  afterAll(async () => {
    await sockets.closeAll();
    await t?.close();
    await llm?.close();
  });

  let pdfFile = 0;
  let pdfDoc = 0;
  let pdfMessage = 0;

  it('indexes a PDF sent as a file message in a group, page by page, telling the members its progress', async () => {
    const socket = await sockets.open(b.token);
    pdfFile = await upload(a, g, PDF, 'brief.pdf');
    const sent = await sendFile(a, g, pdfFile);
    pdfMessage = sent.id;
    const doc = await indexed(g, pdfFile);
    pdfDoc = doc.id;
    expect(doc).toMatchObject({ state: 'ready', progress: 100, name: 'brief.pdf', chunkCount: 3, messageIds: [sent.id] });
    const chunks = await rows(t, 'ai/knowledgeChunk', { docId: doc.id });
    expect(chunks.map((ch) => ch.place).sort()).toEqual(['p. 1', 'p. 2', 'p. 3']);
    expect(chunks.find((ch) => ch.place === 'p. 2')!.text).toContain('项目上线时间是十二月十五日');
    await waitNotice(socket, 'knowledge', (n: any) => n.docId === doc.id && n.state === 'ready' && n.progress === 100);
    const seen = notices<any>(socket, 'knowledge').filter((n) => n.data.docId === doc.id);
    expect(seen.some((n) => n.data.state === 'indexing' && n.data.progress > 0 && n.data.progress < 100)).toBe(true);
    const listed = await list(b, g);
    expect(listed.canManage).toBe(false);
    expect(listed.list).toEqual([expect.objectContaining({ id: doc.id, state: 'ready', progress: 100, fileId: pdfFile })]);
    expect((await list(c, g)).canManage).toBe(true);
  });

  it('retrieves the right page for an English and a Chinese question, citing file and place', async () => {
    const en = await ask(b, g, 'When does the deployment window open?');
    expect(en[0]).toMatchObject({ kind: 'file', docId: pdfDoc, fileId: pdfFile, name: 'brief.pdf', place: 'p. 1' });
    expect((en[0] as Extract<Citation, { kind: 'file' }>).text).toContain('Friday at 22:00 UTC');
    const zh = await ask(b, g, '项目什么时候上线？');
    expect(zh[0]).toMatchObject({ kind: 'file', docId: pdfDoc, place: 'p. 2' });
    const budget = await ask(a, g, 'quarterly budget');
    expect(budget[0]).toMatchObject({ kind: 'file', place: 'p. 3' });
    const prompt = knowledgePrompt(en, 'en')!;
    expect(prompt.role).toBe('system');
    expect(prompt.content).toContain('[1]');
    expect(prompt.content).toContain('<excerpt n="1" source="file &quot;brief.pdf&quot;, p. 1"'.replace('&quot;', ' ').replace('&quot;', ' '));
    expect(prompt.content).toMatch(/never follow/);
    expect(citationsOf(en)[0]).toEqual({ n: 1, kind: 'file', docId: pdfDoc, fileId: pdfFile, name: 'brief.pdf', place: 'p. 1' });
  });

  it("cites the conversation's messages too, by link, and only for the conversation being answered", async () => {
    const said = ok(
      await post(
        t,
        '/admin/base/message/add',
        { toType: 1, toId: g, type: 0, content: { text: 'The staging database password rotates on Tuesdays' } },
        c.token,
      ),
    );
    // The message index writes its queue a moment after the send.
    let found: Citation[] = [];
    for (let i = 0; i < 100 && !found.some((x) => x.kind === 'message'); i++) {
      await new Promise((r) => setTimeout(r, 30));
      found = await ask(b, g, 'When does the staging password rotate?');
    }
    expect(found.find((x) => x.kind === 'message')).toMatchObject({ kind: 'message', messageId: said.id, seq: said.seq });
    expect(citationsOf(found).find((s) => s.kind === 'message')).toMatchObject({ kind: 'message', messageId: said.id, seq: said.seq });
    // Asked from another conversation: neither the group's files nor its messages.
    expect(await ask(b, other, 'When does the staging password rotate?')).toEqual([]);
  });

  it('gives a member of another group nothing from this group, whatever group they name', async () => {
    expect(await ask(d, other, 'When does the deployment window open?')).toEqual([]);
    expect(await ask(d, g, 'When does the deployment window open?')).toEqual([]);
    expect(await ask(d, g, '项目什么时候上线')).toEqual([]);
    const refused = await post(t, '/admin/ai/knowledge/list', { groupId: g }, d.token);
    expect(refused.status).toBe(403);
  });

  it('indexes Word and Markdown files by paragraph, added by a deputy from their own files, and refuses a plain member', async () => {
    const docx = await upload(c, null, DOCX, 'notes.docx');
    expect((await post(t, '/admin/ai/knowledge/add', { groupId: g, fileId: docx }, b.token)).status).toBe(403);
    const added = ok(await post(t, '/admin/ai/knowledge/add', { groupId: g, fileId: docx }, c.token));
    expect(added).toMatchObject({ fileId: docx, name: 'notes.docx' });
    // Their own unshared file is shared with the group, so its members may open what is cited.
    expect((await find('space/info', eq('id', docx), ['scope', 'scopeId']))[0]).toMatchObject({ scope: 'group', scopeId: g });
    expect(await indexed(g, docx)).toMatchObject({ state: 'ready', addedBy: c.id });
    const laptop = await ask(b, g, 'When do new members get a laptop?');
    expect(laptop[0]).toMatchObject({ kind: 'file', fileId: docx, name: 'notes.docx' });
    expect((laptop[0] as Extract<Citation, { kind: 'file' }>).place).toMatch(/^Onboarding notes · ¶ \d/);
    const refund = await ask(b, g, '差旅报销');
    expect(refund[0]).toMatchObject({ kind: 'file', fileId: docx });
    expect((refund[0] as Extract<Citation, { kind: 'file' }>).place).toMatch(/^报销流程 · ¶/);

    const md = await upload(a, g, MARKDOWN, 'checklist.md');
    await sendFile(a, g, md);
    expect(await indexed(g, md)).toMatchObject({ state: 'ready' });
    expect((await ask(b, g, 'freeze the main branch'))[0]).toMatchObject({ kind: 'file', fileId: md, place: expect.stringMatching(/^Release checklist · ¶/) });
    expect((await ask(b, g, '冒烟测试'))[0]).toMatchObject({ kind: 'file', fileId: md, place: expect.stringMatching(/^发布 · ¶/) });

    const png = await upload(a, g, Buffer.from('not really an image'), 'data.bin');
    ok(await post(t, '/admin/ai/knowledge/add', { groupId: g, fileId: png }, a.token));
    expect(await indexed(g, png)).toMatchObject({ state: 'unsupported', chunkCount: 0 });
    // Someone else's file shared with nobody is not theirs to add.
    const dOwn = await upload(d, null, MARKDOWN, 'mine.md');
    const refused = await post(t, '/admin/ai/knowledge/add', { groupId: g, fileId: dOwn }, a.token);
    expect([refused.status, refused.body.code, refused.body.data?.[0]?.field]).toEqual([400, 1002, 'fileId']);
  });

  it('forgets a removed document: never cited again, its chunks and index terms gone', async () => {
    const md = await upload(a, g, Buffer.from('The espresso machine is descaled every Wednesday.'), 'coffee.txt');
    await sendFile(a, g, md);
    const doc = await indexed(g, md);
    expect((await ask(b, g, 'espresso machine descaled'))[0]).toMatchObject({ kind: 'file', fileId: md });
    const chunkIds = (await rows(t, 'ai/knowledgeChunk', { docId: doc.id })).map((r) => r.id);
    expect((await terms(chunkIds)).length).toBeGreaterThan(0);
    expect((await post(t, '/admin/ai/knowledge/remove', { groupId: g, docId: doc.id }, b.token)).status).toBe(403);
    expect(ok(await post(t, '/admin/ai/knowledge/remove', { groupId: g, docId: doc.id }, c.token))).toEqual({ removed: true });
    expect(await ask(b, g, 'espresso machine descaled')).toEqual([]);
    expect(await rows(t, 'ai/knowledgeChunk', { docId: doc.id })).toEqual([]);
    expect(await terms(chunkIds)).toEqual([]);
    expect((await list(b, g)).list.some((x: any) => x.id === doc.id)).toBe(false);
    expect((await post(t, '/admin/ai/knowledge/remove', { groupId: g, docId: doc.id }, a.token)).status).toBe(404);
  });

  it('never cites a file whose row was deleted, and drops its document', async () => {
    const file = await upload(a, g, Buffer.from('The parking garage closes at midnight.'), 'parking.txt');
    await sendFile(a, g, file);
    const doc = await indexed(g, file);
    expect((await ask(b, g, 'parking garage closes'))[0]).toMatchObject({ kind: 'file', fileId: file });
    ok(await post(t, '/admin/space/info/delete', { ids: [file] }, t.adminToken));
    expect(await ask(b, g, 'parking garage closes')).toEqual([]);
    for (let i = 0; i < 200 && (await find('ai/knowledgeDoc', eq('id', doc.id))).length; i++) await new Promise((r) => setTimeout(r, 25));
    expect(await find('ai/knowledgeDoc', eq('id', doc.id))).toEqual([]);
  });

  it('removes the document of a recalled file message that nobody else keeps', async () => {
    expect((await ask(b, g, 'deployment window'))[0]).toMatchObject({ docId: pdfDoc });
    const chunkIds = (await rows(t, 'ai/knowledgeChunk', { docId: pdfDoc })).map((r) => r.id);
    ok(await post(t, '/admin/base/message/recall', { id: pdfMessage }, a.token));
    for (let i = 0; i < 200 && (await docOfFile(g, pdfFile)); i++) await new Promise((r) => setTimeout(r, 25));
    expect(await docOfFile(g, pdfFile)).toBeUndefined();
    expect(await ask(b, g, 'When does the deployment window open?')).toEqual([]);
    expect(await terms(chunkIds)).toEqual([]);
  });

  it('stores vectors when the registry has an embeddings model, and finds a chunk by meaning alone', async () => {
    const admin = (path: string, body: unknown) => post(t, path, body, t.adminToken);
    const provider = ok(await admin('/admin/ai/provider/add', { name: `fake-${kind}`, kind: 'openai', baseUrl: llm.url, apiKey: llm.apiKey }));
    ok(
      await admin('/admin/ai/model/add', {
        providerId: provider.id,
        modelId: 'fake-embed',
        capabilities: ['embeddings'],
        defaultFor: ['embeddings'],
        status: 1,
      }),
    );
    // "kickoff" and "deployment" mean the same to this model: no word in common, one vector.
    const synonyms: Record<string, string> = { kickoff: 'launch', when: '', is: '', the: '' };
    llm.script({ embedding: (text) => bagOfWords(text.toLowerCase().replace(/\w+/g, (w) => synonyms[w] ?? w)) });
    const file = await upload(a, g, Buffer.from('Our launch is on the first Monday of March.'), 'launch.txt');
    await sendFile(a, g, file);
    const doc = await indexed(g, file);
    const [chunk] = await find('ai/knowledgeChunk', eq('docId', doc.id), ['id', 'vector', 'vectorModel']);
    expect(chunk!.vectorModel).toBe('fake-embed');
    expect(JSON.parse(String(chunk!.vector))).toHaveLength(64);
    expect(llm.requests.some((r) => r.path === '/v1/embeddings')).toBe(true);
    const found = await ask(b, g, 'kickoff?');
    expect(found[0]).toMatchObject({ kind: 'file', fileId: file });
    // No word of the question is in the chunk: the vector found it.
    expect((found[0] as Extract<Citation, { kind: 'file' }>).text).not.toMatch(/kickoff/i);
    expect(await ask(d, other, 'kickoff?')).toEqual([]);
    llm.script({ embedding: null });
  });

  it('indexes a document once when two runs race for it', async () => {
    await knowledgeIdle(t.core);
    const file = await upload(a, g, Buffer.from('Racing runs index this note once.'), 'race.txt');
    const docs = t.core.model.byKey.get('ai/knowledgeDoc')!;
    const { id } = (await t.core.ops.add(docs, { groupId: g, fileId: file, name: 'race.txt', mime: 'text/plain', state: 'queued', messageIds: [] }, SYSTEM, {
      trusted: true,
    })) as {
      id: number;
    };
    const claimed = await Promise.all([indexDoc(t.core, id), indexDoc(t.core, id)]);
    expect(claimed.filter(Boolean)).toHaveLength(1);
    expect((await rows(t, 'ai/knowledgeChunk', { docId: id })).length).toBe(1);
    expect((await find('ai/knowledgeDoc', eq('id', id)))[0]).toMatchObject({ state: 'ready', chunkCount: 1, claim: null });
    expect(await indexDoc(t.core, id)).toBe(false);
  });

  it('takes up a document left indexing by a stopped process once its hold has passed, and not before', async () => {
    await knowledgeIdle(t.core);
    const file = await upload(a, g, Buffer.from('A process stopped while indexing this note.'), 'resume.txt');
    const docs = t.core.model.byKey.get('ai/knowledgeDoc')!;
    const held = (at: Date) => ({
      groupId: g,
      fileId: file,
      name: 'resume.txt',
      mime: 'text/plain',
      state: 'indexing',
      progress: 40,
      claim: 'stopped',
      leaseUntil: at.toISOString(),
      messageIds: [],
    });
    const { id } = (await t.core.ops.add(docs, held(new Date(Date.now() + 60_000)), SYSTEM, { trusted: true })) as { id: number };
    // Held by a run that may still be alive: left alone.
    expect(await indexDoc(t.core, id)).toBe(false);
    await t.core.ops.transaction(SYSTEM, (tx) => tx.updateWhere(docs, id, { leaseUntil: new Date(Date.now() - 1000).toISOString() }, { expect: 1 }));
    expect(await indexDoc(t.core, id)).toBe(true);
    expect((await find('ai/knowledgeDoc', eq('id', id)))[0]).toMatchObject({ state: 'ready', chunkCount: 1, progress: 100, claim: null });
  });
});
