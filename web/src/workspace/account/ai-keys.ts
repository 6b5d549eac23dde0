/** The calls of my AI keys (ai-key-form.ts says what is written): list, add or change, delete. */
import { data } from '../../app/data';
import { AI_KINDS, authBody, toKey, type AiKey, type AiKeyValues } from './ai-key-form';

/** My AI keys, oldest first. */
export async function myAiKeys(): Promise<AiKey[]> {
  const rows = await data('base/auth').list({ type: AI_KINDS, order: 'id', sort: 'asc' }, { silent: true });
  return rows.map(toKey).filter((k): k is AiKey => k !== null);
}

/** Adds a key, or changes key `id`. */
export async function saveAiKey(v: AiKeyValues, id: number | null): Promise<void> {
  const body = authBody(v);
  if (id === null) await data('base/auth').add(body);
  else await data('base/auth').update({ id, ...body });
}

export function deleteAiKey(id: number): Promise<unknown> {
  return data('base/auth').delete([id]);
}
