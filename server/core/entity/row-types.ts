/**
 * Entities by key, typed: the generated row types (rows.generated.ts, `npm run codegen:types`) keyed
 * by entity, so the operations answer `GoodsOrderRow` for `'goods/order'` and a key that no entity
 * declares does not compile. Types only, so the declarations' own types (define.ts) can name them. Entities made live while running (the code helper) have no generated
 * type and go through the untyped path: the `Entity` object itself, answering `Row`.
 */
import type { EntityColumnMap, EntityRowMap } from './rows.generated';

declare const dynamic: unique symbol;

/**
 * An entity key known only while running (a live entity's, one read from a row or a declaration):
 * the operations take it on their untyped path and answer plain `Row`s.
 */
export type DynamicKey = string & { readonly [dynamic]: true };

/** Marks a key known only while running (see {@link DynamicKey}). */
export const dynamicKey = (key: string): DynamicKey => key as DynamicKey;

/** The key (`module/name`) of an entity declared in `entities/`. */
export type EntityKey = keyof EntityRowMap & string;

/** A stored row of entity `K` as a find or a lock answers it: every readable column, present. */
export type EntityRow<K extends EntityKey> = EntityRowMap[K];

/** Every stored column of entity `K`, hidden ones too. */
export type EntityColumns<K extends EntityKey> = EntityColumnMap[K];

/** The name of a stored column of entity `K`. */
export type ColumnName<K extends EntityKey> = keyof EntityColumns<K> & string;

/** The name of a number column of entity `K` (what an increment may add to). */
export type NumberColumn<K extends EntityKey> = {
  [F in ColumnName<K>]-?: EntityColumns<K>[F] extends number | null ? F : never;
}[ColumnName<K>];
