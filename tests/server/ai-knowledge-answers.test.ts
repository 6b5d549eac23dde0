/**
 * AI members answer from the group's knowledge (issue 41), on every database, through the real
 * calls, a real socket and the fake model: a PDF sent in the group is indexed, an English and a
 * Chinese question put its page before the model as a quoted excerpt (after the system prompt, never
 * as an instruction), the answer citing [1] is stored with that source (file and page) and the group
 * hears "reading the group's files" first; the same question in another group, by a member of both,
 * gives that group's AI member nothing of it; once the document is removed, it is no longer cited.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases';
import { closeAll, connect, waitNotice } from '../helpers/sockets';
import { aiRepliesDone } from '../../server/modules/ai/ai-reply.service';
import { group, member, text, rows, type Person } from './chat-world';
import { fund, ok, post, startAiWorld, type AiWorld } from './ai-world';

const kinds = await databaseKinds();
/** An excerpt from the PDF's pages (not from a message that names it). */
const FROM_THE_PDF = /source="file\s+brief\.pdf/;
const PDF = readFileSync(resolve(__dirname, '../fixtures/knowledge/brief.pdf'));

describe.each(kinds)('AI members answering from the group knowledge on %s', (kind) => {
  let w: AiWorld;
  let ann: Person;
  let ben: Person;
  let g = 0;
  let other = 0;
  let sage = 0;
  let otherSage = 0;
  let docId = 0;
  const t = () => w.t;
  const llm = () => w.llm!;
  const root = resolve(process.env.DATA_DIR!, `ai-knowledge-answers-${kind}-${randomBytes(3).toString('hex')}`);

  const aiMember = async (owner: Person, groupId: number, nickName: string) =>
    ok(await post(t(), '/admin/base/groupMember/add', { groupId, ai: { nickName, config: { prompt: `You are ${nickName}.`, cost: 1 } } }, owner.token))
      .userId as number;
  const upload = async (who: Person, groupId: number, bytes: Buffer, filename: string): Promise<number> => {
    const res = await t()
      .http()
      .post('/admin/base/comm/upload')
      .set('Authorization', who.token)
      .field('scope', 'group')
      .field('scopeId', String(groupId))
      .attach('files', bytes, { filename });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1000);
    return Number(res.body.data[0].id);
  };
  /** Asks the AI member and answers what the model was sent and the stored reply. */
  async function askAi(who: Person, groupId: number, aiId: number, question: string, answer: string) {
    llm().reset().script({ answer });
    ok(await post(t(), '/admin/base/message/add', text(1, groupId, question, { at: [aiId] }), who.token));
    await aiRepliesDone(t().core);
    const [req] = llm().chatCalls().slice(-1);
    const replies = await t().core.db.query<Record<string, any>>('SELECT * FROM `base_message` WHERE `conversation` = ? AND `fromId` = ? ORDER BY `seq` DESC', [
      `g:${groupId}`,
      aiId,
    ]);
    const content = typeof replies[0].content === 'string' ? JSON.parse(replies[0].content) : replies[0].content;
    return { sent: req.chat!.messages as Array<{ role: string; content: string }>, content };
  }

  beforeAll(async () => {
    w = await startAiWorld(kind, { llm: true, env: { STORAGE_ROOT: root, CHAT_SEND_LIMIT: '1000/10' } });
    [ann, ben] = [await member(t()), await member(t())];
    g = await group(t(), ann, [ben]);
    other = await group(t(), ben, []);
    sage = await aiMember(ann, g, 'Sage');
    otherSage = await aiMember(ben, other, 'Owl');
    await fund(t(), ann.id, 20);
    await fund(t(), ben.id, 20);
    const fileId = await upload(ann, g, PDF, 'brief.pdf');
    ok(await post(t(), '/admin/base/message/add', { toType: 1, toId: g, type: 2, content: { fileId } }, ann.token));
    for (let i = 0; i < 400; i++) {
      const [doc] = await rows(t(), 'ai/knowledgeDoc', { groupId: g, fileId });
      if (doc?.state === 'ready') {
        docId = doc.id;
        break;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(docId).toBeGreaterThan(0);
  });
  afterAll(async () => {
    if (w) await aiRepliesDone(w.t.core);
    await w?.close();
  });

  it('puts the matching page before the model as a quoted excerpt and stores the answer with the source it cites', async () => {
    const socket = await connect(ben.token);
    try {
      const { sent, content } = await askAi(ann, g, sage, 'When does the deployment window open?', 'It opens on Friday at 22:00 UTC [1].');
      // The system prompt first, then the excerpts as a system message of their own, then the turns.
      expect(sent[0]).toEqual({ role: 'system', content: 'You are Sage.' });
      expect(sent[1].role).toBe('system');
      expect(sent[1].content).toContain('<excerpt n="1" source=');
      expect(sent[1].content).toMatch(FROM_THE_PDF);
      expect(sent[1].content).toContain('Friday at 22:00 UTC');
      expect(sent.at(-1)).toMatchObject({ role: 'user' });
      expect(sent.slice(2).every((m) => !m.content.includes('<excerpt'))).toBe(true);
      expect(content).toEqual({
        text: 'It opens on Friday at 22:00 UTC [1].',
        sources: [expect.objectContaining({ n: 1, kind: 'file', docId, name: 'brief.pdf', place: 'p. 1' })],
      });
      // Ben saw Sage reading the group's files before it thought.
      const reading = await waitNotice(socket, 'delta', (d) => d.fromId === sage && d.start === true);
      expect(reading.data.phase).toBe('reading');
      await waitNotice(socket, 'delta', (d) => d.runId === reading.data.runId && d.phase === 'thinking');
    } finally {
      await closeAll(socket);
    }
  });

  it('answers a Chinese question from its page, and claims no source the answer does not cite', async () => {
    const { sent, content } = await askAi(ben, g, sage, '项目什么时候上线？', '十二月十五日上线。');
    expect(sent[1].content).toContain('项目上线时间是十二月十五日');
    expect(content).toBe('十二月十五日上线。');
  });

  it("gives another group's AI member nothing of this group's files, even asked by a member of both", async () => {
    const { sent } = await askAi(ben, other, otherSage, 'When does the deployment window open?', 'I do not know.');
    expect(sent.some((m) => m.content.includes('Friday at 22:00 UTC'))).toBe(false);
  });

  it('no longer cites a removed document', async () => {
    ok(await post(t(), '/admin/ai/knowledge/remove', { groupId: g, docId }, ann.token));
    const { sent, content } = await askAi(ann, g, sage, 'When does the deployment window open again?', 'Not sure [1].');
    // The conversation's messages may still be cited (the earlier answer says it); the file's pages are not.
    expect(sent.some((m) => FROM_THE_PDF.test(m.content))).toBe(false);
    expect(typeof content === 'string' || !content.sources?.some((s: { kind: string }) => s.kind === 'file')).toBe(true);
  });
});
