/**
 * How deeply JSON may nest. JSON.parse copes with any depth, but JSON.stringify, ajv and most code
 * that walks a value recurse, and a field nested some thousands of levels deep overflows the stack.
 * 32 levels is far more than any real setting, manifest or list needs, and far below the stack.
 */
import { fail } from '../errors';

/** Levels of arrays and objects one field value may hold (`{}` and `[]` are one level; `[[1]]` two). */
export const MAX_JSON_DEPTH = 32;

/** Whether `value` nests arrays and objects more than `max` levels deep. Walks without recursion. */
export function nestedDeeperThan(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

/**
 * The fields of a parsed request body, named as a 1002 answer names them: the keys of an object
 * body, `[i].key` for the rows of an array body, `[i]` for other array items.
 */
function bodyFields(body: unknown): Array<[string, unknown]> {
  if (typeof body !== 'object' || body === null) return [];
  if (!Array.isArray(body)) return Object.entries(body);
  return body.flatMap((item, i): Array<[string, unknown]> =>
    typeof item === 'object' && item !== null && !Array.isArray(item)
      ? Object.entries(item).map(([k, v]): [string, unknown] => [`[${i}].${k}`, v])
      : [[`[${i}]`, item]],
  );
}

/**
 * Refuses (1002, naming each field) a body with a field nested deeper than MAX_JSON_DEPTH, so no
 * route, generic or hand-written, ever handles such a value.
 */
export function assertBodyDepth(body: unknown): void {
  const deep = bodyFields(body).filter(([, v]) => nestedDeeperThan(v));
  if (deep.length) throw fail.invalid(deep.map(([field]) => ({ field, rule: 'depth', params: { max: MAX_JSON_DEPTH } })));
}
