/** The field messages of a 1002 refusal (`data: [{field, message}]`), grouped by field. */
import { ApiError } from '../../lib/http';

export function fieldErrors(e: unknown): Array<{ name: string; errors: string[] }> {
  if (!(e instanceof ApiError) || !Array.isArray(e.data)) return [];
  const by = new Map<string, string[]>();
  for (const item of e.data as Array<{ field?: unknown; message?: unknown }>) {
    if (typeof item?.field !== 'string') continue;
    const list = by.get(item.field) ?? by.set(item.field, []).get(item.field)!;
    list.push(typeof item.message === 'string' ? item.message : e.message);
  }
  return [...by].map(([name, errors]) => ({ name, errors }));
}
