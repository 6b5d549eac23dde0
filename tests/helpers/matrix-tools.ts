/**
 * Permission-matrix fixtures of AI members' tools: member B confirms and cancels A's
 * pending proposal (seeded for A, matrix-seed.ts): 403, and it stays pending, never run as A.
 */
import type { Fixture } from './matrix-generic';
import type { World } from './matrix-seed';
import { read, write } from './matrix-fixture';

const proposalOfA = (w: World) => w.rows.get('ai/toolCall')?.[0] ?? 1;

export const TOOL_FIXTURES: Record<string, (w: World) => Fixture> = {
  'POST /admin/ai/tool/confirm': (w) => write({ body: { id: proposalOfA(w) } }),
  'POST /admin/ai/tool/cancel': (w) => write({ body: { id: proposalOfA(w) } }),
  'GET /admin/ai/tool/catalogue': () => read({}),
  'POST /admin/ai/mcpServer/test': () => write({ body: { id: 1 } }),
};
