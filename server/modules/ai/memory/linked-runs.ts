/**
 * The runs that are part of another run (base/run parentRunId: a reply's conversation summary), as
 * that run's receipt lists them under its own line (receipt.routes.ts): what each was, its model, its
 * usage and what it charged. They are the same payer's runs; a member sees those paid by them only.
 */
import { SYSTEM, and, entity, eq, isIn, listOf, obj, INT, NUM, STR, nullable, type Core } from '../../../core/api';

export const LINKED_RUN = obj({
  id: INT,
  kind: INT,
  status: INT,
  model: nullable(STR),
  modelName: nullable(STR),
  promptTokens: INT,
  completionTokens: INT,
  charged: NUM,
});

export const LINKED_RUNS = listOf(LINKED_RUN);

export interface LinkedRun {
  id: number;
  kind: number;
  status: number;
  model: string | null;
  modelName: string | null;
  promptTokens: number;
  completionTokens: number;
  /** Tokens kept once it ended (0 while running, 0 when it failed and was refunded). */
  charged: number;
}

/** The runs part of run `runId`, oldest first; `payerId` set: only theirs. */
export async function linkedRuns(core: Core, runId: number, payerId: number | null): Promise<LinkedRun[]> {
  const reads = core.ops.reads(SYSTEM);
  const where = payerId === null ? eq('parentRunId', runId) : and(eq('parentRunId', runId), eq('userId', payerId));
  const runs = await reads.find(entity(core.model, 'base/run'), where, {
    fields: ['kind', 'status', 'model', 'modelRowId', 'promptTokens', 'completionTokens', 'charged'],
  });
  if (!runs.length) return [];
  runs.sort((a, b) => a.id - b.id);
  const modelIds = [...new Set(runs.map((r) => r.modelRowId).filter((v): v is number => typeof v === 'number'))];
  const models = modelIds.length ? await reads.find(entity(core.model, 'ai/model'), isIn('id', modelIds), { fields: ['name', 'modelId'] }) : [];
  const named = new Map(models.map((m) => [m.id, m.name || m.modelId]));
  return runs.map((r) => ({
    id: r.id,
    kind: Number(r.kind),
    status: Number(r.status),
    model: r.model ?? null,
    modelName: (r.modelRowId !== null && named.get(r.modelRowId)) || null,
    promptTokens: Number(r.promptTokens ?? 0),
    completionTokens: Number(r.completionTokens ?? 0),
    charged: Number(r.charged ?? 0),
  }));
}
