/**
 * Why a run could not start, as the run dialog tells it (pure: reads the http client's ApiError).
 *
 *   refusalOf(err)   // { kind: 'unavailable', message: 'AI answers are not available: …' }
 *
 * Decision: the member reads the server's own message (in their language): for too few tokens it
 * names the run's cost and the balance; the dialog adds the fresh balance and a top-up link.
 */
import { ApiError } from '../../lib/http';
import { fieldProblems } from '../../app/data/field-errors';

/** Why a start was refused, as the dialog tells it. */
export type RunRefusal =
  | { kind: 'refused'; message: string } // 1001 (too few tokens: the server's message names the cost and the balance)
  | { kind: 'invalid'; message: string; fields: Array<{ field: string; message: string }> } // 1002
  | { kind: 'unavailable'; message: string } // 503: no language model or workflow engine configured
  | { kind: 'tooFast'; message: string } // 429
  | { kind: 'gone'; message: string } // 404: the app was hidden or removed
  | { kind: 'network'; message: string } // no answer: the same clientId may be sent again safely
  | { kind: 'other'; message: string };

export function refusalOf(e: unknown): RunRefusal {
  const message = e instanceof Error ? e.message : String(e);
  if (!(e instanceof ApiError)) return { kind: 'other', message };
  if (e.status === 0) return { kind: 'network', message };
  if (e.code === 1002) {
    return { kind: 'invalid', message, fields: fieldProblems(e).map((p) => ({ field: p.field, message: p.message ?? '' })) };
  }
  if (e.status === 503) return { kind: 'unavailable', message };
  if (e.status === 429) return { kind: 'tooFast', message };
  if (e.status === 404) return { kind: 'gone', message };
  if (e.code === 1001) return { kind: 'refused', message };
  return { kind: 'other', message };
}
