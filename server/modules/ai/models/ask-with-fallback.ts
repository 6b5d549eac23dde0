/**
 * Asking a model with its fallback (issue 39): when the chosen model's provider fails before any
 * text of the answer reached anyone (a refused key, an unknown model, 5xx or a dropped connection
 * after the adapter's own retries, 429, no first token in time), the model's configured fallback is
 * asked once with the same request. Once a piece has been streamed the failure stands: the member
 * has seen part of an answer, and a second answer from another model would be stitched onto it.
 * A cancelled or timed-out run (the caller's signal) is never retried.
 */
import { LlmError, type LlmAnswer, type LlmRequest } from '../../../adapters/llm.adapter';
import type { ChosenModel } from './model-registry';

const FALLS_BACK = new Set(['timeout', 'rate_limited', 'upstream', 'refused']);

export interface Asked {
  answer: LlmAnswer;
  /** The model that answered: `chosen`, or its fallback. */
  used: ChosenModel;
}

export async function askWithFallback(chosen: ChosenModel, req: Omit<LlmRequest, 'model'>): Promise<Asked> {
  let streamed = false;
  const onDelta = (piece: string) => {
    streamed = true;
    req.onDelta?.(piece);
  };
  try {
    return { answer: await chosen.adapter.chat({ ...req, model: chosen.model, onDelta }), used: chosen };
  } catch (err) {
    const fallback = chosen.fallback;
    if (!fallback || streamed || req.signal?.aborted || !(err instanceof LlmError) || !FALLS_BACK.has(err.kind)) throw err;
    console.warn(`[ai] ${chosen.model} failed (${err.kind}: ${err.message}); asking its fallback ${fallback.model}`);
    return { answer: await fallback.adapter.chat({ ...req, model: fallback.model }), used: fallback };
  }
}
