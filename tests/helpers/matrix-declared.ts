/**
 * The permission matrix's inputs taken from the declarations (issue 36): for a declared call, a body
 * (or query) made from its input schema, aimed at member A's rows: every field the schema requires
 * gets its smallest value, and fields that name a row get one of A's (A's group, goods, order, code,
 * A's id). The matrix sends it as member B and as an anonymous caller beside its hand-made calls, and
 * a declared call with no hand-made fixture is walked with this one alone.
 */
import type { Route } from '../../server/core/http/route';
import type { JsonSchema } from '../../server/core/entity/model';
import type { Call, Fixture } from './matrix-generic';
import type { World } from './matrix-seed';
import { sampleOf } from './schema-samples';

/** A's value for a field of this name, when the world has one. */
function aims(route: Route, w: World): Record<string, unknown> {
  const own = route.entity ? w.rows.get(route.entity.key)?.[0] : undefined;
  return {
    id: own ?? w.rows.get('base/group')?.[0] ?? 1,
    ids: [own ?? 1],
    groupId: w.groupId,
    toId: w.groupId,
    goodsId: w.goodsId,
    userId: w.a.id,
    friendId: w.a.id,
    orderNo: w.orderNo,
    code: w.couponCode,
    shortKey: w.shortKey,
    keyWord: w.a.username,
  };
}

/** The call made from `route`'s declared input, aimed at A's rows. */
export function declaredCall(route: Route, w: World): Call | null {
  const input = route.call?.input;
  if (!input || route.call?.generic || route.body === 'raw') return null;
  const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
  const value = (sampleOf({ ...input, type: 'object' }) ?? {}) as Record<string, unknown>;
  const aimed = aims(route, w);
  for (const name of Object.keys(properties)) if (name in aimed) value[name] = aimed[name];
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, n]) => n);
  const params = names.length ? { params: Object.fromEntries(names.map((n) => [n, String(aimed[n] ?? 1)])) } : {};
  if (route.method === 'GET') {
    const query = Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'string' || typeof v === 'number')) as Record<
      string,
      string | number
    >;
    return { query, ...params };
  }
  return { body: value, ...params };
}

/** The hand-made fixture with the declared call added, or the declared call alone. */
export function withDeclaredCall(route: Route, w: World, handmade: Fixture | null): Fixture | null {
  const call = declaredCall(route, w);
  if (!call) return handmade;
  if (handmade) return { ...handmade, calls: [...handmade.calls, call] };
  return { phase: route.call!.effect === 'read' ? 'read' : 'write', calls: [call] };
}
