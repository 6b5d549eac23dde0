/**
 * Chains of AI replies on two server processes that share one MariaDB and one Redis (issue 41): the
 * asker is connected to instance B while the chain runs on instance A (where the asking message was
 * sent). The hand-offs and the chain's notices reach B's socket, and a stop sent to B ends the answer
 * streaming on A at once (told through Redis), stored as far as it went and charged for it; a write
 * an AI member proposed is confirmed through A while the asker's card, on B, hears it done.
 * Skipped without MariaDB or redis-server, unless CI=true (then their absence fails the run).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerOnce } from '../helpers/build';
import { hasRedisServer } from '../helpers/cluster';
import { databaseKinds } from '../helpers/databases';
import { startFakeLlm, type FakeLlm } from '../helpers/fake-llm';
import { closeAll, connect, waitNotice } from '../helpers/sockets';
import { startTwoInstances, type TwoInstances } from '../helpers/two-instances';

await buildServerOnce();

const hasMysql = (await databaseKinds()).includes('mysql');

describe.skipIf(!(hasMysql && hasRedisServer))('chains of AI replies across two instances with Redis', () => {
  let w: TwoInstances;
  let llm: FakeLlm;
  const urls = () => w.urls;
  const call = (base: string, path: string, body: unknown, token?: string, method: 'POST' | 'GET' = 'POST') => w.call(base, path, body, token, method);
  const sql = (text: string, params: unknown[] = []) => w.sql(text, params);
  const person = () => w.person({ tokens: 100, prefix: 'chain' });
  /** A group owned by `owner` with its AI members, made through instance A. */
  const groupWith = async (owner: { id: number; token: string }, ais: Array<{ nickName: string; prompt: string; tools?: string[] }>) => {
    const now = new Date().toISOString().slice(0, 23).replace('T', ' ');
    const g = await sql(
      'INSERT INTO `base_group` (`name`, `type`, `userId`, `rows`, `cols`, `onBoard`, `aiReplyCap`, `delete`, `createTime`, `updateTime`) VALUES (?, 0, ?, 2, 2, 1, 3, 0, ?, ?)',
      [`chains ${owner.id}`, owner.id, now, now],
    );
    const groupId = Number(g.insertId);
    await sql(
      'INSERT INTO `base_group_member` (`groupId`, `userId`, `isOwner`, `isPurchased`, `authType`, `delete`, `createTime`, `updateTime`) VALUES (?, ?, 1, 0, 1, 0, ?, ?)',
      [groupId, owner.id, now, now],
    );
    const ids: number[] = [];
    for (const ai of ais) {
      const added = await call(
        urls()[0],
        '/admin/base/groupMember/add',
        { groupId, ai: { nickName: ai.nickName, config: { prompt: ai.prompt, cost: 1, ...(ai.tools ? { tools: ai.tools } : {}) } } },
        owner.token,
      );
      expect(added.code, JSON.stringify(added)).toBe(1000);
      ids.push(Number(added.data.userId));
    }
    return { groupId, ids };
  };

  beforeAll(async () => {
    llm = await startFakeLlm();
    w = await startTwoInstances({ AI_RUN_LIMIT: '10000/10', CHAT_SEND_LIMIT: '1000/10', ...llm.env() });
  }, 240_000);

  afterAll(async () => {
    await w?.close();
    await llm?.close();
  });

  it('hands over on instance A while the asker, on B, hears every step and the end', async () => {
    const ann = await person();
    const { groupId, ids } = await groupWith(ann, [
      { nickName: 'Ada', prompt: 'You are Ada.' },
      { nickName: 'Bea', prompt: 'You are Bea.' },
    ]);
    llm.reset().script({ answer: (req) => (req.messages[0].content === 'You are Ada.' ? 'ask @Bea' : 'done here') });
    const onB = await connect(ann.token, { url: urls()[1] });
    try {
      const asked = await call(urls()[0], '/admin/base/message/add', { toType: 1, toId: groupId, type: 0, content: '@Ada start', at: [ids[0]] }, ann.token);
      expect(asked.code, JSON.stringify(asked)).toBe(1000);
      const end = await waitNotice(onB, 'chain', (d) => d.rootId === asked.data.id && d.state === 1);
      expect(end.data).toMatchObject({ steps: 2, payerId: ann.id });
      const replies = await sql('SELECT `fromId` FROM `base_message` WHERE `conversation` = ? AND `type` = 21 ORDER BY `seq`', [`g:${groupId}`]);
      expect(replies.map((r: { fromId: number }) => Number(r.fromId))).toEqual(ids);
      const thread = await call(urls()[1], `/admin/ai/chain/thread?id=${end.data.id}`, null, ann.token, 'GET');
      expect(thread.data).toMatchObject({ state: 1, total: 2 });
    } finally {
      await closeAll(onB);
    }
  });

  it('stops on A an answer whose asker pressed stop on B', async () => {
    const ann = await person();
    const { groupId, ids } = await groupWith(ann, [{ nickName: 'Slow', prompt: 'You are Slow.' }]);
    // 200 pieces 60 ms apart: 12 seconds unless stopped.
    llm.reset().script({ answer: 'word '.repeat(400), chunkSize: 10, chunkDelayMs: 60 });
    const onB = await connect(ann.token, { url: urls()[1] });
    try {
      const asked = await call(
        urls()[0],
        '/admin/base/message/add',
        { toType: 1, toId: groupId, type: 0, content: '@Slow go on and on', at: [ids[0]] },
        ann.token,
      );
      expect(asked.code, JSON.stringify(asked)).toBe(1000);
      const start = await waitNotice(onB, 'delta', (d) => d.fromId === ids[0] && d.start === true);
      await waitNotice(onB, 'delta', (d) => d.runId === start.data.runId && d.index >= 1);
      const pressed = Date.now();
      const stopped = await call(urls()[1], '/admin/ai/chain/stop', { id: start.data.chainId }, ann.token);
      expect(stopped.data).toMatchObject({ state: 2, stoppedBy: ann.id });
      const reply = await waitNotice(onB, 'message', (m) => m.fromId === ids[0] && m.type === 21);
      expect(Date.now() - pressed).toBeLessThan(4000);
      expect(reply.data.content).toMatchObject({ stopped: true });
      const [run] = await sql('SELECT `status`, `stopped`, `charged` FROM `base_run` WHERE `id` = ?', [start.data.runId]);
      expect([Number(run.status), Number(run.stopped), Number(run.charged)]).toEqual([1, 1, 1]);
    } finally {
      await closeAll(onB);
    }
  });

  it('tells the asker on B that the write an AI member proposed, confirmed through A, is done', async () => {
    const ann = await person();
    const { groupId, ids } = await groupWith(ann, [{ nickName: 'Clerk', prompt: 'You are Clerk.', tools: ['base_desktop_add'] }]);
    llm.reset().script({
      answer: (req) => (req.messages.some((m) => m.role === 'tool') ? 'Proposed.' : ''),
      toolCalls: (req) => (req.messages.some((m) => m.role === 'tool') ? null : [{ id: 'c1', name: 'base_desktop_add', arguments: '{"name":"Across"}' }]),
    });
    const onB = await connect(ann.token, { url: urls()[1] });
    try {
      const asked = await call(
        urls()[0],
        '/admin/base/message/add',
        { toType: 1, toId: groupId, type: 0, content: '@Clerk add a desktop', at: [ids[0]] },
        ann.token,
      );
      expect(asked.code, JSON.stringify(asked)).toBe(1000);
      const reply = await waitNotice(onB, 'message', (m) => m.fromId === ids[0] && m.type === 21);
      const [proposal] = reply.data.content.proposals;
      expect(proposal).toMatchObject({ tool: 'base_desktop_add', state: 'pending', askerId: ann.id });
      const confirmed = await call(urls()[0], '/admin/ai/tool/confirm', { id: proposal.id }, ann.token);
      expect(confirmed.code, JSON.stringify(confirmed)).toBe(1000);
      const told = await waitNotice(onB, 'toolCall', (d) => d.id === proposal.id && d.state === 'done');
      expect(told.data).toEqual({ id: proposal.id, state: 'done' });
      const desks = await sql('SELECT `id` FROM `base_desktop` WHERE `name` = ?', ['Across']);
      expect(desks).toHaveLength(1);
    } finally {
      await closeAll(onB);
    }
  });
});
