/**
 * Permission-matrix fixtures of the AI calls (issue 20): the public catalogue (byParent, all, guide
 * all: readable by anyone, showing nothing of A), the run calls (member B starts a run in A's group
 * and in a private chat with A with an app that does not exist: refused, nothing written, no 5xx),
 * and the workflow engine's callbacks aimed at A's running run, unsigned: 401, and A's run neither
 * settled nor refunded; the group knowledge's calls aimed at A's group, of which B is no member.
 * The run is seeded for A (matrix-seed.ts) with this callback id. The memory of A's group
 * (ai/summary, seeded with markers) is refused to B (not a member); B's private chat with A is B's own
 * conversation.
 */
import type { Fixture } from './matrix-generic';
import type { World } from './matrix-seed';
import { read, write } from './matrix-fixture';

/** The workflowResultId of A's seeded running run. */
export const A_RUN_RESULT_ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';

const NO_APP = 999_999;

export const AI_FIXTURES: Record<string, (w: World) => Fixture> = {
  'GET /admin/base/app/byParent': () => read({ query: { parentType: 1 } }, { query: {} }),
  'GET /admin/base/app/all': () => read({}),
  'GET /admin/base/guide/all': () => read({}),
  'POST /admin/base/message/runWorkflow': (w) =>
    write(
      { body: { appId: NO_APP, input: "B runs in A's group", toType: 1, toId: w.groupId } },
      { body: { appId: NO_APP, input: 'B runs to A', toType: 0, toId: w.a.id } },
    ),
  'POST /admin/base/message/addTask': (w) => write({ body: { appId: NO_APP, input: { by: 'B' }, toType: 1, toId: w.groupId } }),
  'POST /admin/base/message/receiveWorkflowResult/{workflowResultId}': () =>
    write({ params: { workflowResultId: A_RUN_RESULT_ID }, body: { output: 'forged by B' } }),
  'POST /admin/base/message/receiveWorkflowError/{workflowResultId}': () =>
    write({ params: { workflowResultId: A_RUN_RESULT_ID }, body: { error: 'forged by B' } }),
  'POST /admin/ai/summary/read': (w) => read({ body: { toType: 1, toId: w.groupId } }, { body: { toType: 0, toId: w.a.id } }),
  // The group's knowledge (issue 41): B is no member of A's group, so neither reads nor changes it.
  'POST /admin/ai/knowledge/list': (w) => read({ body: { groupId: w.groupId } }),
  'POST /admin/ai/knowledge/add': (w) => write({ body: { groupId: w.groupId, fileId: NO_APP } }),
  'POST /admin/ai/knowledge/remove': (w) => write({ body: { groupId: w.groupId, docId: 1 } }),
};
