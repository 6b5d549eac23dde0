/**
 * The declared entity of a key, typed by it: the operations answer its generated row type. See
 * row-types.ts.
 */
import type { EntityKey } from './row-types';
import type { Entity, Model } from './model';

export type { ColumnName, EntityColumns, EntityKey, EntityRow, NumberColumn } from './row-types';

declare const typedKey: unique symbol;

/** An entity whose key the generated types know: the model's entity, typed by its key. */
export type TypedEntity<K extends EntityKey> = Entity & { readonly key: K; readonly [typedKey]: K };

/**
 * An entity on the untyped path (a live one, or one a caller holds as a plain `Entity`): never a
 * {@link TypedEntity}, so a typed entity whose change or field does not type-check is refused
 * instead of falling back to the untyped path.
 */
export type UntypedEntity = Entity & { readonly [typedKey]?: undefined };

/** How the operations take a declared entity: its key, or the typed entity. */
export type EntityArg<K extends EntityKey> = K | TypedEntity<K>;

/**
 * The declared entity `key` of `model`, typed by its key (its table, schema and fields, and typed
 * answers from the operations).
 * @example
 * ```ts
 * const orders = entity(core.model, 'goods/order');
 * const [order] = await t.lock(orders, orderId); // GoodsOrderRow | undefined
 * ```
 */
export function entity<K extends EntityKey>(model: Model, key: K): TypedEntity<K> {
  const found = model.byKey.get(key);
  if (!found) throw new Error(`no entity '${key}'`);
  return found as TypedEntity<K>;
}
